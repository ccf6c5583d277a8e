/**
 * Ids a long write (an import) has already found to exist, by kind. An import deletes nothing
 * and nothing else writes inside its transaction, so each id needs looking up once, not once
 * per event that names it (100k events name a few hundred venues and terms).
 */
export type KnownIds = Map<string, Set<number>>;

export const knownIds = (): KnownIds => new Map();

/**
 * Which of `ids` exist: `lookUp` is asked only about those not known yet, and what it finds is
 * remembered. Without `known`, every id is looked up.
 */
export function existingIds(
  kind: string,
  ids: readonly number[],
  lookUp: (ids: readonly number[]) => Set<number>,
  known: KnownIds | undefined,
): Set<number> {
  if (!known) return lookUp(ids);
  let seen = known.get(kind);
  if (!seen) known.set(kind, (seen = new Set()));
  const unknown = ids.filter((id) => !seen.has(id));
  if (unknown.length > 0) for (const id of lookUp(unknown)) seen.add(id);
  return seen;
}
