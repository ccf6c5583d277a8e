/**
 * A record new to one side, made on the other. To the site: the write is recorded as an intent
 * (committed on its own) before it is sent, so that after a crash the next pass looks for what
 * it made instead of making it twice (intents.ts). Into Marquee: through the kind's write command,
 * in one transaction with the record's bookkeeping. Either way, once per pass per record.
 */
import { randomUUID } from 'node:crypto';
import { KIND, type Kind, type Patch } from '#shared/kinds/registry.ts';
import { cleanPatch } from '#shared/text/kses/text-rules.ts';
import { refusalOf } from '../../domain/errors.ts';
import type { LocalRecord } from '../local-records.ts';
import { toRemoteIds, toUuids } from './links.ts';
import { log, nameOf, newRow, nowUtc, once, reached, type Pass } from '../pass.ts';
import { RemoteError } from './remote-error.ts';
import type { RemoteRecord, View } from './remote.ts';
import { yieldTurn } from '../../pace.ts';
import { localView, patchOfView } from './view.ts';

const NEW = { key: 'new', values: {} };

/** Whether Marquee's record goes to the site: not a series' rule (its occurrences go), not trash. */
export function publishable(kind: Kind, record: LocalRecord): boolean {
  if (kind === 'event' && record.recurrence) return false;
  return record.status !== 'trash';
}

export function viewOfLocal(pass: Pass, kind: Kind, record: LocalRecord): View {
  return localView(kind, record, pass.remote.fields[kind], pass.languages);
}

/**
 * Marquee's view of a record as its author may send it: what goes to the site is never more
 * markup than that user could write there (an author's or a contributor's is cleaned as
 * WordPress's kses would, records stored before this rule too). Terms have no author; what
 * WordPress cleans of theirs, it cleans for every role.
 */
export function sendable(pass: Pass, kind: Kind, record: LocalRecord, view: View): View {
  const author = typeof record.author === 'number' ? record.author : 0;
  return cleanPatch(kind, view, pass.writerOf(author));
}

/**
 * A patch from the site's values, without the fields the kind's schema refuses (a website that
 * is not an http address, a slug WordPress encoded): those keep Marquee's value, and the log
 * says which.
 */
export function checkedPatch(pass: Pass, kind: Kind, view: View, uuid: string): Patch {
  const patch: Record<string, unknown> = { ...patchOfView(kind, view, pass.languages.language) };
  const dropped: string[] = [];
  for (;;) {
    const parsed = KIND[kind].patch.safeParse(patch);
    if (parsed.success) break;
    const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    if ([...fields].every((field) => !(field in patch))) break;
    for (const field of fields) {
      delete patch[field];
      dropped.push(field);
    }
  }
  if (dropped.length > 0)
    log(pass, 'refused', {
      kind,
      uuid,
      name: nameOf(view),
      note: { key: 'dropped', values: { fields: dropped } },
    });
  return patch;
}

export function pushNew(pass: Pass, kind: Kind, uuid: string): Promise<string | null> {
  return once(pass, `push:${kind}:${uuid}`, async () => {
    const known = pass.repo.record(pass.peer.id, kind, uuid);
    if (known?.remoteId) return known.remoteId;
    const record = pass.local.get(kind, uuid);
    if (!record || !publishable(kind, record)) return null;
    const view = viewOfLocal(pass, kind, record);
    const outgoing = await toRemoteIds(pass, kind, sendable(pass, kind, record, view));
    if (pass.dryRun) {
      pass.summary.sent += 1;
      return `new:${uuid}`;
    }
    const intent = { op: 'create', at: nowUtc(pass), view: outgoing };
    pass.repo.saveNow(pass.peer.id, { ...newRow(kind, uuid), intent: JSON.stringify(intent) });
    await reached(pass, 'create-intent', kind, uuid);
    let made: RemoteRecord;
    try {
      made = await pass.remote.create(kind, outgoing);
      await reached(pass, 'create-sent', kind, uuid);
    } catch (error) {
      if (!(error instanceof RemoteError) || error.stopsPass) throw error;
      pass.repo.forget(pass.peer.id, kind, uuid);
      log(pass, 'refused', {
        kind,
        uuid,
        name: nameOf(view),
        note: { key: 'said', values: { message: error.message } },
      });
      return null;
    }
    const written = made.view ? await toUuids(pass, kind, made.view) : view;
    pass.repo.save(pass.peer.id, {
      ...newRow(kind, uuid),
      remoteId: made.id,
      remoteVersion: made.version,
      localRev: record.rev,
      baseLocal: JSON.stringify(view),
      baseRemote: JSON.stringify(written),
    });
    pass.summary.sent += 1;
    log(pass, 'sent', { kind, uuid, remoteId: made.id, name: nameOf(view), note: NEW });
    return made.id;
  });
}

export function pullNew(
  pass: Pass,
  kind: Kind,
  remoteId: string,
  found?: RemoteRecord,
): Promise<string | null> {
  return once(pass, `pull:${kind}:${remoteId}`, async () => {
    const known = pass.repo.byRemoteId(pass.peer.id, kind, remoteId);
    if (known) return known.uuid;
    const remote = found ?? (await pass.remote.read(kind, [remoteId])).records[0];
    if (!remote?.view || remote.trashed) return null;
    const view = await toUuids(pass, kind, remote.view);
    if (pass.dryRun) {
      pass.summary.received += 1;
      return `new:${remoteId}`;
    }
    const uuid = randomUUID();
    const patch = checkedPatch(pass, kind, view, uuid);
    try {
      const written = pass.local.write(kind, { uuid }, patch, pass.context, (stored, rev) =>
        pass.repo.save(pass.peer.id, {
          ...newRow(kind, uuid),
          remoteId,
          remoteVersion: remote.version,
          localRev: rev,
          baseLocal: JSON.stringify(viewOfLocal(pass, kind, stored)),
          baseRemote: JSON.stringify(view),
        }),
      );
      const doubleBooked = pass.local.doubleBooking(kind, written, pass.context);
      if (doubleBooked)
        log(pass, 'doubleBooked', {
          kind,
          uuid,
          remoteId,
          name: nameOf(view),
          note: { key: 'said', values: { message: doubleBooked } },
        });
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      log(pass, 'refused', {
        kind,
        remoteId,
        name: nameOf(view),
        note: { key: 'said', values: { message: refusal.message } },
      });
      return null;
    }
    pass.summary.received += 1;
    log(pass, 'received', { kind, uuid, remoteId, name: nameOf(view), note: NEW });
    await reached(pass, 'pulled', kind, uuid);
    await yieldTurn();
    return uuid;
  });
}
