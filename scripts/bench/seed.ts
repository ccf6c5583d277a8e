/**
 * Seeds a realistic calendar for the benchmark, straight through the repos in one transaction:
 * 100k events over five years, 2k venues, 1k organizers, 200 categories, 500 tags, texts in
 * three languages. A fixed pseudo-random sequence keeps runs comparable.
 */
import { randomUUID } from 'node:crypto';
import { KIND } from '#shared/kinds/registry.ts';
import type { Language } from '#shared/languages.ts';
import { formatDateTime } from '#shared/time/datetime.ts';
import { DateTime } from 'luxon';
import { createEventsRepo, type StoredEvent } from '#server/store/events.repo.ts';
import { createLinkedPostsRepo } from '#server/store/linked-posts.repo.ts';
import { organizerTable } from '#server/store/organizer-table.ts';
import { createTermsRepo } from '#server/store/terms.repo.ts';
import { venueTable } from '#server/store/venue-table.ts';
import { createChangeLog } from '#server/store/change-log.repo.ts';
import type { Store } from '#server/store/open-store.ts';

export type SeedSize = {
  events: number;
  venues: number;
  organizers: number;
  categories: number;
  tags: number;
  /** Days from 2024-06-01 over which the events start; five years unless given. */
  spanDays?: number;
};

export const FULL_SIZE: SeedSize = {
  events: 100_000,
  venues: 2_000,
  organizers: 1_000,
  categories: 200,
  tags: 500,
};

const LANGUAGES: Language[] = ['en', 'de', 'fr'];
/** The words of the seeded titles (two each, with a number). */
export const WORDS = [
  'Jazz',
  'Night',
  'Concert',
  'Quartet',
  'Opera',
  'Festival',
  'Brunch',
  'Talk',
  'Film',
  'Dance',
  'Choir',
  'Poetry',
];

/** Park–Miller: the same sequence every run. */
function random(seed: number) {
  let state = seed;
  const next = () => (state = (state * 48271) % 2147483647) / 2147483647;
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T,
  };
}

const texts = (title: string, description: string) => ({
  title: Object.fromEntries(LANGUAGES.map((l) => [l, `${title} (${l})`])),
  description: Object.fromEntries(LANGUAGES.map((l) => [l, `${description} — ${l}`])),
  excerpt: {},
  slug: Object.fromEntries(LANGUAGES.map((l) => [l, ''])),
});

export function seedCalendar(
  store: Store,
  size: SeedSize = FULL_SIZE,
  zone = 'Europe/Berlin',
): void {
  const { db } = store;
  const terms = createTermsRepo(db);
  const venues = createLinkedPostsRepo(db, venueTable);
  const organizers = createLinkedPostsRepo(db, organizerTable);
  const events = createEventsRepo(db);
  const rng = random(42);
  const now = '2026-11-20 10:00:00';
  const meta = (rev: number) => ({
    uuid: randomUUID(),
    created: now,
    modified: now,
    rev,
    statusBeforeTrash: null,
    author: 1,
    date: now,
    password: '',
  });

  createChangeLog(db).write((rev) => {
    const termIds = (taxonomy: 'category' | 'tag', count: number) =>
      Array.from({ length: count }, (_, n) =>
        terms.insert({
          id: 0,
          ...meta(rev),
          taxonomy,
          name: Object.fromEntries(LANGUAGES.map((l) => [l, `${taxonomy} ${n} ${l}`])),
          description: {},
          slug: Object.fromEntries(LANGUAGES.map((l) => [l, `${taxonomy}-${n}-${l}`])),
          parentUuid: null,
          parentId: null,
          color: '',
        }),
      );
    const categories = termIds('category', size.categories);
    const tags = termIds('tag', size.tags);
    const linked = <D>(
      repo: { insert(record: never): number },
      count: number,
      label: string,
      details: D,
    ) =>
      Array.from({ length: count }, (_, n) => {
        const { title, description, excerpt } = texts(
          `${label} ${n}`,
          `The ${label.toLowerCase()} number ${n}`,
        );
        const slug = Object.fromEntries(
          LANGUAGES.map((l) => [l, `${label.toLowerCase()}-${n}-${l}`]),
        );
        return repo.insert({
          ...details,
          id: 0,
          ...meta(rev),
          status: 'publish',
          name: title,
          description,
          excerpt,
          slug,
        } as never);
      });
    const venueIds = linked(venues, size.venues, 'Venue', {
      ...KIND.venue.blank('', new Date(0)),
      city: 'Berlin',
      address: 'Main St 1',
    });
    const organizerIds = linked(organizers, size.organizers, 'Organizer', {
      ...KIND.organizer.blank('', new Date(0)),
      email: 'x@y.example',
    });

    const first = DateTime.fromISO('2024-06-01T00:00:00', { zone });
    for (let n = 0; n < size.events; n += 1) {
      const allDay = rng.next() < 0.05;
      let start = first.plus({
        days: rng.int(size.spanDays ?? 5 * 365),
        hours: 10 + rng.int(12),
        minutes: 15 * rng.int(4),
      });
      let end = start.plus({ minutes: 60 + 30 * rng.int(5) });
      if (allDay) [start, end] = [start.startOf('day'), end.endOf('day').set({ millisecond: 0 })];
      const title = `${rng.pick(WORDS)} ${rng.pick(WORDS)} ${n}`;
      const {
        title: names,
        description,
        excerpt,
      } = texts(title, `An evening of ${title.toLowerCase()}`);
      const event: StoredEvent = {
        // The editor's blank event, for every field the seed does not vary.
        ...KIND.event.blank('', new Date(), zone),
        id: 0,
        ...meta(rev),
        status: rng.next() < 0.95 ? 'publish' : 'draft',
        title: names,
        description,
        excerpt,
        slug: Object.fromEntries(LANGUAGES.map((l) => [l, `event-${n}-${l}`])),
        start: formatDateTime(start),
        end: formatDateTime(end),
        timezone: zone,
        startUtc: formatDateTime(start.setZone('UTC')),
        endUtc: formatDateTime(end.setZone('UTC')),
        allDay,
        cost: rng.next() < 0.5 ? `${5 + rng.int(40)}€` : '',
        featured: rng.next() < 0.05,
        venueId: rng.pick(venueIds),
        organizerIds: [
          rng.pick(organizerIds),
          ...(rng.next() < 0.3 ? [rng.pick(organizerIds)] : []),
        ],
        categoryIds: [rng.pick(categories), ...(rng.next() < 0.4 ? [rng.pick(categories)] : [])],
        tagIds: Array.from({ length: rng.int(4) }, () => rng.pick(tags)),
        parentId: null,
      };
      events.insert(event);
    }
  });
  db.exec('ANALYZE');
}
