/**
 * The three-way merge of one record. Each side is compared with its own base, the
 * record as that side had it when the two last agreed: Marquee's projection then, and the site's
 * answer then. So what the site re-renders (wpautop, curly quotes, a formatted cost) is never
 * taken for a change: the site's value is only ever compared with the site's own earlier value.
 * A unit (a field, or an event's times together) changed on one side goes to the other; changed
 * on both to values that say the same is no change; to different values, a conflict, left as it
 * is on both sides until the user decides. Units held in an open conflict are not touched.
 * Before the two sides ever agreed on a unit (a first sync's records found to be one), there is
 * no base to tell who changed what: a field empty on one side takes the other side's value, both
 * ways, and only values on both sides that differ wait for the user.
 */
import type { ConflictValues } from '../core/conflict-values.ts';
import { firstAgreement, mergeSinceAgreed } from '../core/merge-unit.ts';
import type { Kind } from '#shared/kinds/registry.ts';
import type { View, ViewValue } from './remote.ts';
import { mergeUnit, sameValue } from './view.ts';

/**
 * Fields a side may leave empty without saying anything (a draft on a TEC site has no slug and
 * no publication date yet): an empty value there is neither a change nor a disagreement.
 */
const UNKNOWN_WHEN_EMPTY = new Set(['date', 'slug']);

const unknown = (field: string, value: ViewValue | undefined) =>
  UNKNOWN_WHEN_EMPTY.has(field) && (value === null || value === '' || value === undefined);

/** Whether `now` differs from `base` (no base at all: it differs, nothing was agreed). */
function differs(field: string, now: ViewValue | undefined, base: View | undefined): boolean {
  if (!base) return true;
  if (unknown(field, now) || unknown(field, base[field])) return false;
  return !sameValue(field, now ?? null, base[field] ?? null);
}

function agree(field: string, a: ViewValue | undefined, b: ViewValue | undefined): boolean {
  return unknown(field, a) || unknown(field, b) || sameValue(field, a ?? null, b ?? null);
}

/**
 * Fields that, on two records first found to be the same (no base yet), take the site's value
 * instead of waiting for the user: the publication date (each side set its own when it made
 * the record; the preview does not count it as a difference).
 */
const SITE_KEEPS_ON_MATCH = new Set(['date']);

/**
 * A base value no field ever has: a unit whose conflict the user decided for Marquee's value
 * differs from it, so the next pass sends it (conflicts.ts).
 */
export const UNAGREED = '\u0000unagreed';

export type ConflictFields = ConflictValues<ViewValue>;

export type Merged = {
  /** The site's values of the units only the site changed: Marquee takes them. */
  pull: Record<string, ViewValue>;
  /** Units only Marquee changed: the site must get the record. */
  push: string[];
  /** Units both changed to different values, field by field. */
  conflicts: ConflictFields;
  /** Units both changed to the same values. */
  agreed: string[];
};

type MergeInput = {
  kind: Kind;
  fields: readonly string[];
  local: View;
  remote: View;
  baseLocal: View | undefined;
  baseRemote: View | undefined;
  /** Units in an open conflict: left alone until the user decides. */
  held: ReadonlySet<string>;
};

/** The fields of a view, by the unit they belong to. */
function unitsOf(kind: Kind, fields: readonly string[]): Map<string, string[]> {
  const units = new Map<string, string[]>();
  for (const field of fields) {
    const unit = mergeUnit(kind, field);
    units.set(unit, [...(units.get(unit) ?? []), field]);
  }
  return units;
}

/** Whether neither side's base holds any of the unit's fields: the two never agreed on it. */
const neverAgreed = (members: readonly string[], input: MergeInput) =>
  members.every(
    (field) => input.baseLocal?.[field] === undefined && input.baseRemote?.[field] === undefined,
  );

/**
 * A unit the two sides never agreed on: the same, or empty on one side (it takes the other's
 * value, whichever side that is), else a conflict.
 */
function firstMerge(merged: Merged, unit: string, members: readonly string[], input: MergeInput) {
  const { local, remote } = input;
  if (members.every((field) => SITE_KEEPS_ON_MATCH.has(field))) {
    // Two records first found to be one: the site's publication date is the one the public saw.
    for (const field of members) merged.pull[field] = remote[field] ?? null;
    return;
  }
  const { outcome, fromPeer, toPeer } = firstAgreement(
    members.filter((field) => !agree(field, local[field], remote[field])),
    (field) => local[field],
    (field) => remote[field],
  );
  if (outcome === 'agreed') merged.agreed.push(unit);
  else if (outcome === 'conflict')
    for (const field of members)
      merged.conflicts[field] = { mine: local[field] ?? null, theirs: remote[field] ?? null };
  else {
    for (const field of fromPeer) merged.pull[field] = remote[field] ?? null;
    // What Marquee holds and the site lacks goes there (with what was just taken, whole).
    if (toPeer) merged.push.push(unit);
  }
}

export function mergeRecord(input: MergeInput): Merged {
  const { kind, fields, local, remote, baseLocal, baseRemote, held } = input;
  const merged: Merged = { pull: {}, push: [], conflicts: {}, agreed: [] };
  for (const [unit, members] of unitsOf(kind, fields)) {
    if (held.has(unit)) continue;
    if (neverAgreed(members, input)) {
      firstMerge(merged, unit, members, input);
      continue;
    }
    const outcome = mergeSinceAgreed(
      members.some((field) => differs(field, local[field], baseLocal)),
      members.some((field) => differs(field, remote[field], baseRemote)),
      () => members.every((field) => agree(field, local[field], remote[field])),
    );
    if (outcome === 'mine') merged.push.push(unit);
    else if (outcome === 'theirs')
      for (const field of members) merged.pull[field] = remote[field] ?? null;
    else if (outcome === 'agreed') merged.agreed.push(unit);
    else if (outcome === 'conflict')
      for (const field of members)
        merged.conflicts[field] = { mine: local[field] ?? null, theirs: remote[field] ?? null };
  }
  return merged;
}
