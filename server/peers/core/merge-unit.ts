/**
 * The merge rule both peers apply, unit by unit (a field, one language of a text, an event's
 * times together): the website's merge (merge.ts) over each side's own view and base, the hub's
 * (hub/hub-records.ts) over flat records and one base. What a side's value is, and when two
 * say the same, is each peer's; what follows from it is this.
 */

/** Where a unit's value goes: nowhere, this calendar's to the peer, the peer's here, or neither. */
type UnitMerge = 'unchanged' | 'mine' | 'theirs' | 'agreed' | 'conflict';

/**
 * Since the two last agreed on the unit: changed on one side only, that side's value goes to the
 * other; changed on both to values that say the same, agreed; to different values, a conflict
 * the user decides.
 */
export function mergeSinceAgreed(
  mineChanged: boolean,
  theirsChanged: boolean,
  sayTheSame: () => boolean,
): UnitMerge {
  if (!mineChanged && !theirsChanged) return 'unchanged';
  if (!theirsChanged) return 'mine';
  if (!mineChanged) return 'theirs';
  return sayTheSame() ? 'agreed' : 'conflict';
}

/** A value that says nothing: no text, no links (a yes/no always says something). */
const isEmptyValue = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/**
 * A unit the two never agreed on (the same record found on both sides before a first sync, with
 * no base to tell who changed what): its fields that differ, where one side is empty, take the
 * other side's value, both ways; two values that differ make the unit a conflict. `fromPeer`:
 * the fields this calendar takes from the peer; `toPeer`: whether this calendar has values the
 * peer lacks.
 */
export function firstAgreement<F extends string>(
  differing: readonly F[],
  mine: (field: F) => unknown,
  theirs: (field: F) => unknown,
): { outcome: 'agreed' | 'filled' | 'conflict'; fromPeer: F[]; toPeer: boolean } {
  if (differing.length === 0) return { outcome: 'agreed', fromPeer: [], toPeer: false };
  if (differing.some((field) => !isEmptyValue(mine(field)) && !isEmptyValue(theirs(field))))
    return { outcome: 'conflict', fromPeer: [], toPeer: false };
  return {
    outcome: 'filled',
    fromPeer: differing.filter((field) => isEmptyValue(mine(field))),
    toPeer: differing.some((field) => isEmptyValue(theirs(field))),
  };
}
