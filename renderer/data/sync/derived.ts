/**
 * Records derived locally from another record's mutation (a series' occurrences, a series
 * written through an occurrence: repos/series-follow.ts) have no mutation of their own, so
 * sync settles them by the one they follow (`derivedBy` on their shadow). While it is unsent
 * they show its effect, and a pull only updates the server's version kept in their shadow.
 * Once it is sent, the pull's version replaces them; one the pull did not bring is unchanged
 * on the server, so its shadow's version is the server's (null: the server never made it). A
 * refused mutation puts the server's versions of what it derived back at once.
 */
import { KIND, type RecordOf } from '#shared/kinds/registry.ts';
import type { MarqueeDB, Shadow } from '../db.ts';

type Derived = Shadow & { derivedBy: number };

const isDerived = (shadow: Shadow | undefined): shadow is Derived =>
  shadow?.derivedBy !== undefined;

/** The ids of the mutations still in the outbox. */
export async function unsentIds(db: MarqueeDB): Promise<Set<number>> {
  return new Set<number>(await db.outbox.toCollection().primaryKeys());
}

/** Derived records whose mutation is still unsent: they and their shadows stay. */
export async function stillDerived(db: MarqueeDB, unsent: Set<number>): Promise<Set<string>> {
  const shadows = (await db.shadows.filter(isDerived).toArray()) as Derived[];
  return new Set(
    shadows.filter((shadow) => unsent.has(shadow.derivedBy)).map((shadow) => shadow.uuid),
  );
}

/**
 * The derived shadows by uuid. They are few (a series' edits not yet sent): a pulled page reads
 * them once, not a shadow for each of its records (5,000 lookups that find nothing, 5 % of a
 * first sync).
 */
export async function derivedShadows(db: MarqueeDB): Promise<Map<string, Derived>> {
  return new Map(
    (await db.shadows.toArray()).filter(isDerived).map((shadow) => [shadow.uuid, shadow]),
  );
}

/**
 * A pulled page's records that are derived (`derived`: derivedShadows, read once a page): each
 * keeps its local version while its mutation is unsent (the server's goes to its shadow), and
 * is the server's from now on otherwise. Returns the uuids whose local version stays.
 */
export async function pulledDerived(
  db: MarqueeDB,
  records: readonly RecordOf[],
  unsent: Set<number>,
  derived: ReadonlyMap<string, Derived>,
): Promise<Set<string>> {
  const kept = new Set<string>();
  if (derived.size === 0) return kept;
  for (const record of records) {
    const shadow = derived.get(record.uuid);
    if (!shadow) continue;
    if (unsent.has(shadow.derivedBy)) {
      await db.shadows.put({ ...shadow, record });
      kept.add(shadow.uuid);
    } else await db.shadows.delete(shadow.uuid);
  }
  return kept;
}

/**
 * Puts back the server's version of derived records: those derived by `mutationId` (refused),
 * or without it, those whose mutation is no longer unsent (after a pull).
 */
export async function restoreDerived(
  db: MarqueeDB,
  which: { refused: number } | { unsent: Set<number> },
): Promise<void> {
  const settled = (shadow: Derived) =>
    'refused' in which ? shadow.derivedBy === which.refused : !which.unsent.has(shadow.derivedBy);
  const shadows = (await db.shadows.toArray()).filter(isDerived).filter(settled);
  for (const shadow of shadows) {
    const table = db.table<RecordOf, string>(KIND[shadow.kind].plural);
    if (shadow.record) await table.put(shadow.record as RecordOf);
    else await table.delete(shadow.uuid);
    await db.shadows.delete(shadow.uuid);
  }
}
