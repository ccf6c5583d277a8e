/**
 * Rebase (after Replicache): a record as the user sees it is the server's version
 * with the user's unsent changes applied on top, in order.
 */
import type { Kind } from '#shared/kinds/registry.ts';
import type { OutboxEntry } from '../db.ts';
import { applyPatch } from '#shared/kinds/apply-patch.ts';
import { blankRecord, type RecordOf } from '#shared/kinds/registry.ts';
import { followingPatch } from '../repos/series-writes.ts';

export function rebase(
  kind: Kind,
  server: RecordOf | null,
  pending: readonly OutboxEntry[],
): RecordOf | undefined {
  let record: RecordOf | undefined = server ?? undefined;
  for (const mutation of pending) {
    if (mutation.op === 'delete') {
      record = undefined;
    } else if (mutation.op === 'create' && !record) {
      const fields: Record<string, unknown> = mutation.fields;
      const zone = typeof fields.timezone === 'string' ? fields.timezone : 'UTC';
      record = applyPatch(
        kind,
        blankRecord(kind, mutation.uuid, new Date(mutation.createdAt), zone),
        mutation.fields,
      );
    } else if (record) {
      // An occurrence's "following" edit shows without its rule and identity until the server
      // splits the series (repos/series-writes.ts); "all" shows on it as its own patch would.
      const following = mutation.kind === 'event' && mutation.scope === 'following';
      record = applyPatch(
        kind,
        record,
        following ? followingPatch(mutation.fields) : mutation.fields,
      );
    }
  }
  return record;
}
