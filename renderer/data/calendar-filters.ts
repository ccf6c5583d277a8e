/**
 * What the calendar shows, narrowed: by words (in any language of title, excerpt or
 * description; case and accents ignored), category (with the categories under it, as TEC
 * filters), tag, venue, organizer, featured only, and status.
 */
import type { CalendarEvent } from '#shared/schemas/event.ts';
import type { PostStatus } from '#shared/schemas/common.ts';

export type CalendarFilters = {
  text: string;
  categoryUuid: string;
  tagUuid: string;
  venueUuid: string;
  organizerUuid: string;
  featuredOnly: boolean;
  status: PostStatus | '';
};

export const NO_FILTERS: CalendarFilters = {
  text: '',
  categoryUuid: '',
  tagUuid: '',
  venueUuid: '',
  organizerUuid: '',
  featuredOnly: false,
  status: '',
};

export const activeFilterCount = (filters: CalendarFilters) =>
  Object.entries(filters).filter(
    ([key, value]) => value !== NO_FILTERS[key as keyof CalendarFilters],
  ).length;

/** Lower case, without accents: "Café" and "cafe" match. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const texts = (event: CalendarEvent) =>
  [event.title, event.excerpt, event.description].flatMap((value) => Object.values(value));

/**
 * A test for events; `categoryWithChildren` gives a category's uuid and those under it.
 */
export function eventFilter(
  filters: CalendarFilters,
  categoryWithChildren: (uuid: string) => ReadonlySet<string>,
): (event: CalendarEvent) => boolean {
  const words = folded(filters.text).split(/\s+/).filter(Boolean);
  const categories = filters.categoryUuid ? categoryWithChildren(filters.categoryUuid) : undefined;
  return (event) => {
    if (filters.featuredOnly && !event.featured) return false;
    if (filters.status && event.status !== filters.status) return false;
    if (filters.venueUuid && event.venueUuid !== filters.venueUuid) return false;
    if (filters.organizerUuid && !event.organizerUuids.includes(filters.organizerUuid))
      return false;
    if (filters.tagUuid && !event.tagUuids.includes(filters.tagUuid)) return false;
    if (categories && !event.categoryUuids.some((uuid) => categories.has(uuid))) return false;
    if (words.length === 0) return true;
    const haystack = folded(
      texts(event)
        .join(' ')
        .replace(/<[^>]+>/g, ' '),
    );
    return words.every((word) => haystack.includes(word));
  };
}

/** A category and every category under it, from a list of categories. */
export function withChildren(
  categories: readonly { uuid: string; parentUuid?: unknown }[],
): (uuid: string) => ReadonlySet<string> {
  const children = new Map<string, string[]>();
  for (const category of categories) {
    if (typeof category.parentUuid !== 'string') continue;
    children.set(category.parentUuid, [
      ...(children.get(category.parentUuid) ?? []),
      category.uuid,
    ]);
  }
  return (uuid) => {
    const found = new Set<string>();
    const visit = (id: string) => {
      if (found.has(id)) return;
      found.add(id);
      for (const child of children.get(id) ?? []) visit(child);
    };
    visit(uuid);
    return found;
  };
}
