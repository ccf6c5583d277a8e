/**
 * When a calendar first meets a website, which records look like the same one, and by what:
 * an event by its title and start (TEC's own rule for the same event, as imports use it), a
 * venue or an organizer by its name, a category or a tag by its slug, else its name (letter case
 * and spaces at the ends aside). Each record is matched at most once, in the order given.
 */
import type { Kind } from '#shared/kinds/registry.ts';
import type { View } from './remote.ts';

export const MATCHED_BY: Readonly<Record<Kind, string>> = {
  event: 'title and start',
  venue: 'name',
  organizer: 'name',
  category: 'slug or name',
  tag: 'slug or name',
};

const fold = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/** The keys a record is known by, most telling first. */
function keysOf(kind: Kind, view: View): string[] {
  if (kind === 'event') return [`${fold(view.title)}|${String(view.start)}`];
  if (kind === 'venue' || kind === 'organizer') return [fold(view.name)];
  return [view.slug ? `slug:${fold(view.slug)}` : '', `name:${fold(view.name)}`].filter(Boolean);
}

/** Pairs of (local key, remote key) that look like the same record. */
export function matchRecords<L, R>(
  kind: Kind,
  locals: readonly { key: L; view: View }[],
  remotes: readonly { key: R; view: View }[],
): [L, R][] {
  const byKey = new Map<string, L[]>();
  for (const local of locals)
    for (const key of keysOf(kind, local.view))
      byKey.set(key, [...(byKey.get(key) ?? []), local.key]);
  const taken = new Set<L>();
  const pairs: [L, R][] = [];
  for (const remote of remotes) {
    for (const key of keysOf(kind, remote.view)) {
      const local = byKey.get(key)?.find((candidate) => !taken.has(candidate));
      if (local === undefined) continue;
      taken.add(local);
      pairs.push([local, remote.key]);
      break;
    }
  }
  return pairs;
}
