/**
 * The sync property test's measure (sync-convergence.test.ts): the acknowledged changes (a REST
 * 200 or 201, a replica's applied push) that were lost without a conflict being shown.
 */
import { fieldKeysOf } from '#shared/sync/fields.ts';

export type Patch = Record<string, unknown>;

/**
 * A change the server took. `base`: for a push, the revision its replica had seen (a REST write
 * is made on the record as it is). `deleted`: the record was deleted for good at `rev`.
 */
export type Acknowledged = {
  rev: number;
  uuid: string;
  patch: Patch;
  by: string;
  base?: number;
  deleted?: true;
};

/**
 * Whether `later` was made knowing `earlier`: a REST write is made on the record as it is; a
 * replica's push on the revision it had seen, and on its own earlier pushes.
 */
/**
 * The fields the actors write. A change also carries others (a problem kept as the user's brings
 * the record's slug back), which the server may set by its rules: a slug taken meanwhile becomes
 * `-2`, as in WordPress.
 */
const TRACKED = new Set([
  'cost',
  'featured',
  'status',
  'start',
  'end',
  'title.en',
  'description.de',
]);

const saw = (later: Acknowledged, earlier: Acknowledged) =>
  later.base === undefined || later.base >= earlier.rev || later.by === earlier.by;

/**
 * Acknowledged changes lost without a conflict: one replaced by a later change to the same
 * field ("title.en", "cost") that was made without knowing it, or a last one the server does not
 * hold (unless a REST delete, which knows the record as it is, removed the record).
 */
export function lostChanges(
  acknowledged: readonly Acknowledged[],
  records: Record<string, unknown>[],
) {
  const byField = new Map<string, { change: Acknowledged; value: unknown }[]>();
  for (const change of acknowledged) {
    for (const key of fieldKeysOf('event', change.patch).filter((key) => TRACKED.has(key))) {
      const [field = '', language] = key.split('.');
      const value = language
        ? (change.patch[field] as Record<string, unknown>)[language]
        : change.patch[field];
      const id = `${change.uuid} ${key}`;
      byField.set(id, [...(byField.get(id) ?? []), { change, value }]);
    }
  }
  const byUuid = new Map(records.map((record) => [record.uuid, record]));
  const deleted = new Set(acknowledged.filter((change) => change.deleted).map(({ uuid }) => uuid));
  const lost: string[] = [];
  for (const uuid of deleted) if (byUuid.has(uuid)) lost.push(`${uuid}: deleted, and still there`);
  const describe = ({ change, value }: { change: Acknowledged; value: unknown }) =>
    `${change.by} set ${JSON.stringify(value)} at rev ${change.rev}`;
  for (const [id, changes] of byField) {
    changes.sort((a, b) => a.change.rev - b.change.rev);
    /** The field's value at a revision, as the acknowledged changes made it. */
    const valueAt = (rev: number) => changes.findLast(({ change }) => change.rev <= rev)?.value;
    changes.slice(1).forEach((later, index) => {
      const earlier = changes[index]!;
      // Setting again the value it had (which the server does not count as a change) is no news.
      const known =
        JSON.stringify(valueAt(later.change.base ?? 0)) === JSON.stringify(earlier.value);
      if (!saw(later.change, earlier.change) && !known)
        lost.push(
          `${id}: ${describe(earlier)}, replaced by ${describe(later)} on rev ${later.change.base}, where it was ${JSON.stringify(valueAt(later.change.base ?? 0))}`,
        );
    });
    const last = changes.at(-1)!;
    const [uuid = '', key = ''] = id.split(' ');
    if (deleted.has(uuid)) continue;
    const [field = '', language] = key.split('.');
    const stored = language
      ? ((byUuid.get(uuid)?.[field] as Record<string, unknown> | undefined)?.[language] ?? '')
      : byUuid.get(uuid)?.[field];
    if (JSON.stringify(stored) !== JSON.stringify(last.value))
      lost.push(`${id}: ${describe(last)}, the server holds ${JSON.stringify(stored)}`);
  }
  return lost;
}
