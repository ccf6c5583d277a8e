/**
 * A pass: every kind in the order links need (terms, venues and organizers before the events
 * that name them), a few records at a time (the site answers a few requests at once), then the
 * cursors move on. A problem of the connection or the login stops the pass where it is: nothing
 * moves on, and the next pass starts again from the same place (what was done is not done
 * twice: each record's bookkeeping says it is).
 */
import type { Kind } from '#shared/kinds/registry.ts';
import { gather } from './gather.ts';
import type { Pass, PassSummary } from '../pass.ts';
import { reconcile, startPass, type Item } from './reconcile.ts';

const ORDER: readonly Kind[] = ['category', 'tag', 'venue', 'organizer', 'event'];

/** Records reconciled at a time (each may make a request or two to the site). */
const AT_ONCE = 4;

async function inPool(
  items: readonly Item[],
  signal: AbortSignal,
  work: (item: Item) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      signal.throwIfAborted();
      const item = items[next];
      next += 1;
      if (item) await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, items.length) }, worker));
}

/** Runs a pass over Marquee's changes up to revision `target`. */
export async function runPass(pass: Pass, target: number): Promise<PassSummary> {
  startPass(pass);
  const changes = pass.repo.changedSince(pass.peer.cursor, target);
  const watermarks = { ...pass.peer.watermarks };
  for (const kind of ORDER) {
    const { items, watermark } = await gather(
      pass,
      kind,
      changes.filter((change) => change.kind === kind),
    );
    await inPool(items, pass.signal, (item) => reconcile(pass, item));
    if (watermark) watermarks[kind] = watermark;
  }
  if (!pass.dryRun) {
    pass.repo.setCursor(pass.peer.id, target);
    pass.repo.setWatermarks(pass.peer.id, watermarks);
  }
  pass.summary.conflicts = pass.repo.conflictCount(pass.peer.id);
  return pass.summary;
}
