/**
 * Rebase (DESIGN §7, after Replicache): a record as the user sees it is the server's version
 * with the user's unsent changes applied on top, in order.
 */
import type { Kind } from '#shared/kinds/registry.ts';
import type { OutboxEntry } from '../db.ts';
import { applyPatch } from '#shared/kinds/apply-patch.ts';
import { blankRecord, type RecordOf } from '#shared/kinds/registry.ts';

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
      record = applyPatch(kind, record, mutation.fields);
    }
  }
  return record;
}
