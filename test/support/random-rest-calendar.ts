/**
 * Random calendars for property tests (fast-check), made through the REST API as an editor's
 * client would: venues, organizers, categories (with parents) and tags, and events with what
 * files trip over (names with commas, semicolons, quotes, backslashes, other scripts; HTML
 * descriptions with links; all-day and timed events in several zones, "UTC+5:30" too;
 * translations; series with a removed date and an occurrence edited alone).
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { foldText } from '#shared/text/fold.ts';
import { eventListOf } from './events.ts';
import type { TestServer } from './test-server.ts';

const ZONES = [
  ...['Europe/Berlin', 'Europe/Lisbon', 'Europe/London', 'America/New_York'],
  ...['Asia/Tokyo', 'Australia/Adelaide', 'UTC', 'UTC+5:30'],
];

// Names with what files trip over: commas, semicolons, quotes, backslashes, ampersands, accents,
// other scripts. One space between words: ICS names are written on one line.
const WORDS = [
  ...['Blue', 'Note', 'Hall', 'Jazz', 'Café', 'Müller', 'Straße', '日本', 'Ōsaka', 'Rock & Roll'],
  ...['Smith, Jones', 'A; B', '"Quoted"', "O'Brien", 'back\\slash', '—', 'x:y', '(live)', 'Ñu'],
];
const nameArb = fc
  .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 })
  .map((words) => words.join(' '));
const uniqueNames = (maxLength: number) =>
  fc.uniqueArray(nameArb, { maxLength, selector: (name) => foldText(name) });

const URLS = [
  'https://tickets.example/q?a=1&amp;b=2',
  'https://example.org/',
  'mailto:box@office.example',
  'https://example.org/path/(x)',
];
const textArb = fc
  .array(fc.constantFrom('Tickets', 'at', 'the', 'door', 'Doors 19:00', 'Fish &amp; chips', 'é'), {
    minLength: 1,
    maxLength: 4,
  })
  .map((words) => words.join(' '));
const linkArb = fc
  .record({
    url: fc.constantFrom(...URLS),
    text: fc.option(textArb, { nil: undefined }),
    target: fc.boolean(),
  })
  .map(
    ({ url, text, target }) =>
      `<a ${target ? 'target="_blank" rel="noopener noreferrer nofollow" ' : ''}href="${url}">${text ?? url}</a>`,
  );
const inlineArb = fc
  .array(
    fc.oneof(
      textArb,
      linkArb,
      textArb.map((text) => `<strong>${text}</strong>`),
      textArb.map((text) => `<em>${text}</em>`),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((parts) => parts.join(' '));
/** Descriptions as the editor and the API store them: HTML with links, plain text, none. */
const descriptionArb = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.oneof(
        inlineArb.map((html) => `<p>${html}</p>`),
        fc
          .array(inlineArb, { minLength: 1, maxLength: 3 })
          .map((items) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`),
      ),
      {
        minLength: 1,
        maxLength: 3,
      },
    )
    .map((blocks) => blocks.join('')),
  fc
    .array(fc.constantFrom('Line one', 'Bring friends, and family', 'Kids <12 free'), {
      minLength: 1,
      maxLength: 3,
    })
    .map((lines) => lines.join('\n\n')),
);

const linksArb = {
  venue: fc.option(fc.nat(), { nil: undefined }),
  organizers: fc.array(fc.nat(), { maxLength: 3 }),
  categories: fc.array(fc.nat(), { maxLength: 2 }),
  tags: fc.array(fc.nat(), { maxLength: 2 }),
};

const eventArb = fc.record({
  title: nameArb,
  description: descriptionArb,
  excerpt: fc.constantFrom('', 'Short'),
  cost: fc.constantFrom('', '12'),
  featured: fc.boolean(),
  zone: fc.constantFrom(...ZONES),
  allDay: fc.boolean(),
  day: fc.nat(300),
  minute: fc.nat(24 * 4 - 1).map((quarter) => quarter * 15),
  length: fc.integer({ min: 1, max: 40 }).map((quarters) => quarters * 15),
  days: fc.nat(2),
  website: fc.option(fc.constantFrom('https://venue.example/e/1', 'https://x.example/?a=1&b=2'), {
    nil: undefined,
  }),
  image: fc.option(fc.constantFrom('https://img.example/poster.png', 'https://img.example/a.jpg'), {
    nil: undefined,
  }),
  german: fc.option(nameArb, { nil: undefined }),
  private: fc.boolean(),
  ...linksArb,
  series: fc.option(
    fc.record({
      rule: fc.constantFrom(
        'FREQ=WEEKLY;COUNT=5',
        'FREQ=DAILY;COUNT=4',
        'FREQ=WEEKLY;INTERVAL=2;COUNT=4',
      ),
      removed: fc.integer({ min: 1, max: 3 }),
      edited: fc.integer({ min: 1, max: 3 }),
      title: nameArb,
      later: fc.boolean(),
    }),
    { nil: undefined, freq: 3 },
  ),
});

export const calendarArb = fc.record({
  venues: fc.array(
    fc.record({
      address: fc.constantFrom('', 'Main St 1', '131 W 3rd St, Floor 2', 'Praça do Comércio'),
      city: fc.constantFrom('', 'Berlin', 'New York', 'Lisboa'),
      province: fc.constantFrom('', 'NY', 'Berlin'),
      zip: fc.constantFrom('', '10115', '10012'),
      country: fc.constantFrom('', 'Germany', 'USA', 'Portugal'),
      phone: fc.constantFrom('', '+49 30 1234'),
    }),
    { maxLength: 3 },
  ),
  venueNames: uniqueNames(3),
  organizers: fc.array(
    fc.record({
      email: fc.option(fc.constantFrom('a@b.example', 'box@office.example'), { nil: undefined }),
      phone: fc.constantFrom('', '555-1234'),
    }),
    { maxLength: 3 },
  ),
  organizerNames: uniqueNames(3),
  categoryNames: uniqueNames(3),
  parents: fc.array(fc.option(fc.nat(), { nil: undefined }), { minLength: 3, maxLength: 3 }),
  tagNames: uniqueNames(3),
  events: fc.array(eventArb, { minLength: 1, maxLength: 5 }),
});

export type Calendar = typeof calendarArb extends fc.Arbitrary<infer T> ? T : never;

const pad = (value: number) => String(value).padStart(2, '0');
/** `YYYY-MM-DD HH:MM:SS`, `minutes` after the start of `day` days after 1 January 2027. */
function wall(day: number, minutes = 0): string {
  const date = new Date(Date.UTC(2027, 0, 1 + day, 0, minutes));
  return `${date.toISOString().slice(0, 10)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:00`;
}
const later = (value: string, minutes: number) =>
  wall(
    (Date.parse(`${value.slice(0, 10)}T00:00:00Z`) - Date.UTC(2027, 0, 1)) / 86_400_000,
    Number(value.slice(11, 13)) * 60 + Number(value.slice(14, 16)) + minutes,
  );

async function ok(reply: Promise<{ status: number; body: unknown }>, status = 201) {
  const answer = await reply;
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body as { id: number };
}

const pick = <T>(list: readonly T[], index: number | undefined): T | undefined =>
  index === undefined || list.length === 0 ? undefined : list[index % list.length];
const pickMany = <T>(list: readonly T[], indexes: number[]): T[] => [
  ...new Set(indexes.flatMap((index) => pick(list, index) ?? [])),
];

/** Makes the calendar through the REST API, as an editor's client would. */
export async function buildCalendar(server: TestServer, calendar: Calendar): Promise<void> {
  const as = 'owner' as const;
  const venues: number[] = [];
  for (const [index, name] of calendar.venueNames.entries()) {
    const venue = calendar.venues[index] ?? {};
    venues.push((await ok(server.api('/venues', { as, json: { venue: name, ...venue } }))).id);
  }
  const organizers: number[] = [];
  for (const [index, name] of calendar.organizerNames.entries()) {
    const { email, phone } = calendar.organizers[index] ?? {};
    const json = { organizer: name, phone, ...(email ? { email } : {}) };
    organizers.push((await ok(server.api('/organizers', { as, json }))).id);
  }
  const categories: number[] = [];
  for (const [index, name] of calendar.categoryNames.entries()) {
    const parent = pick(categories, calendar.parents[index]);
    const json = { name, ...(parent ? { parent } : {}) };
    categories.push((await ok(server.api('/categories', { as, json }))).id);
  }
  const tags: number[] = [];
  for (const name of calendar.tagNames)
    tags.push((await ok(server.api('/tags', { as, json: { name } }))).id);

  for (const event of calendar.events) {
    const lastDay = wall(event.day + event.days).slice(0, 10);
    const json = {
      title: event.title,
      description: event.description,
      excerpt: event.excerpt,
      cost: event.cost,
      featured: event.featured,
      start_date: wall(event.day, event.allDay ? 0 : event.minute),
      end_date: event.allDay ? `${lastDay} 23:59:59` : wall(event.day, event.minute + event.length),
      all_day: event.allDay,
      timezone: event.zone,
      status: event.private ? 'private' : 'publish',
      ...(event.website ? { website: event.website } : {}),
      ...(event.image ? { image: event.image } : {}),
      ...(pick(venues, event.venue) ? { venue: pick(venues, event.venue) } : {}),
      organizer: pickMany(organizers, event.organizers),
      categories: pickMany(categories, event.categories),
      tags: pickMany(tags, event.tags),
      ...(event.series
        ? {
            recurrence: {
              rrule: event.series.rule,
              exdates: [slotOf(event, event.series.removed)],
            },
          }
        : {}),
    };
    const made = await ok(server.api('/events', { as, json }));
    if (event.german)
      await ok(
        server.api(`/events/${made.id}`, { as, json: { title: event.german, language: 'de' } }),
        200,
      );
    if (!event.series) continue;
    // One occurrence edited alone: its own title, and maybe a later time.
    const reply = await server.api(
      `/events?post_parent=${made.id}&per_page=50&start_date=2020-01-01`,
      { as },
    );
    const occurrences = eventListOf(reply).events;
    const edited = occurrences[event.series.edited % occurrences.length];
    if (!edited || edited.id === made.id) continue;
    const moved = event.series.later && !event.allDay;
    await ok(
      server.api(`/events/${edited.id}`, {
        as,
        json: {
          title: event.series.title,
          ...(moved
            ? { start_date: later(edited.start_date, 60), end_date: later(edited.end_date, 60) }
            : {}),
        },
      }),
      200,
    );
  }
}

/** The slot of a series' `index`th occurrence by its rule (days apart as FREQ and INTERVAL say). */
function slotOf(event: Calendar['events'][number], index: number): string {
  const rule = event.series?.rule ?? '';
  const step = (rule.includes('DAILY') ? 1 : 7) * (rule.includes('INTERVAL=2') ? 2 : 1);
  const start = event.allDay ? 0 : event.minute;
  const slot = wall(event.day + step * index, start);
  return event.allDay ? slot.slice(0, 10) : slot;
}
