/**
 * A linked record's merge bases: the record as each side last had it when the two agreed
 * (`peer_records.base_local`, `base_remote`), and what they become after a merge.
 */
import type { Kind } from '#shared/kinds/registry.ts';
import type { View, ViewValue } from './remote.ts';
import { mergeUnit } from './view.ts';

export type Bases = { local: View | undefined; remote: View | undefined };

/**
 * The bases after this merge: units in conflict keep theirs (the user decides them), and one
 * the two sides never agreed on keeps none (its conflict says so: conflicts.ts); every other
 * unit is now the same on both sides, as each side says it.
 */
export function nextBases(
  fields: readonly string[],
  frozen: ReadonlySet<string>,
  kind: Kind,
  old: Bases,
  local: View,
  remote: View,
): { local: View; remote: View } {
  const nextLocal: Record<string, ViewValue> = {};
  const nextRemote: Record<string, ViewValue> = {};
  for (const field of fields) {
    if (!frozen.has(mergeUnit(kind, field))) {
      nextLocal[field] = local[field] ?? null;
      nextRemote[field] = remote[field] ?? null;
      continue;
    }
    const [mine, theirs] = [old.local?.[field], old.remote?.[field]];
    if (mine !== undefined) nextLocal[field] = mine;
    if (theirs !== undefined) nextRemote[field] = theirs;
  }
  return { local: nextLocal, remote: nextRemote };
}
