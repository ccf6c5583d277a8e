/**
 * Random calendars for the round-trip property tests (fast-check): venues, organizers,
 * categories with parents, tags, and events with every field, texts in several languages,
 * names with commas and quotes, all-day events in zones other than the calendar's. A calendar
 * is written through the sync push (the internal shape: every language at once, uuids chosen
 * here), as the editor's replica writes. Every name holds a word no other record of its kind
 * has, so that matching by name (as TEC's importer does) can only find the record it names.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { EVENT_FLAGS } from '#shared/kinds/event-flags.ts';
import type { Language } from '#shared/languages.ts';
import type { Multilingual } from '#shared/schemas/multilingual.ts';
import { push } from './sync.ts';
import type { TestServer } from './test-server.ts';

/** The calendar's default language (the test server's) and the others texts come in. */
export const TEXT_LANGUAGES = ['en', 'de', 'fr', 'ja'] as const satisfies readonly Language[];

/** Zones for events: the calendar's own (UTC) and others, some with summer time. */
const ZONES = ['UTC', 'Europe/Lisbon', 'Europe/London', 'America/New_York', 'Asia/Tokyo'];

const WORDS = [
  'Aurora',
  'Basalt',
  'Cedar',
  'Delta',
  'Ember',
  'Fjord',
  'Garnet',
  'Harbor',
  'Indigo',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Onyx',
  'Prism',
  'Quartz',
  'Raven',
];

/** A name around its own word: with commas, quotes, an apostrophe, accents, a leading +, or plain. */
const nameArb = (word: string) =>
  fc.constantFrom(
    word,
    `Woodhouse, ${word} S.`,
    `"${word}" Club`,
    `${word} "Live", Lyon`,
    `${word}'s`,
    `Café ${word}`,
    // A spreadsheet would run it as a formula: spreadsheet-safe files guard it.
    `+${word} @ 8`,
  );

/** A text in some of the languages (at least one, not always the default's). */
const textsArb = (text: (language: Language) => fc.Arbitrary<string>) =>
  fc
    .subarray([...TEXT_LANGUAGES], { minLength: 1 })
    .chain((languages) =>
      fc.tuple(...languages.map((language) => text(language).map((value) => [language, value]))),
    )
    .map((entries) => Object.fromEntries(entries) as Multilingual);

const namesArb = (word: string) =>
  nameArb(word).chain((base) =>
    textsArb((language) =>
      fc.constant(
        language === 'en' ? base : language === 'ja' ? `${base}ホール` : `${base} (${language})`,
      ),
    ),
  );

/** Descriptions: HTML with a link, several lines, commas and quotes, or none. */
const descriptionsArb = fc.option(
  textsArb((language) =>
    fc.constantFrom(
      `<p>Doors at 7, "standards"; ${language}</p>`,
      `<p>Two sets.</p>\n<p>Tickets: <a href="https://tickets.example/a?b=1&amp;c=2">here</a></p>`,
      `Plain text, ${language}\nsecond line`,
    ),
  ),
  { nil: {} },
);

const urlArb = fc.constantFrom('', 'https://example.com/a', 'http://venue.example/b?c=d');

const uuidOf = (prefix: number, index: number) =>
  `00000000-0000-4000-8000-${String(prefix).padStart(4, '0')}${String(index).padStart(8, '0')}`;

/** Distinct words for up to `max` records. */
const wordsArb = (max: number) => fc.shuffledSubarray(WORDS, { minLength: 0, maxLength: max });

const pad = (n: number) => String(n).padStart(2, '0');

/** Start and end as wall times: timed (maybe past midnight) or all day over 1 to 3 days. */
const timesArb = fc
  .record({
    // Now and then an hour summer time skips or repeats (Europe, then New York, in 2027).
    when: fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          month: fc.integer({ min: 1, max: 12 }),
          day: fc.integer({ min: 1, max: 28 }),
          hour: fc.integer({ min: 0, max: 23 }),
        }),
      },
      fc.constantFrom(
        { month: 3, day: 28, hour: 1 },
        { month: 10, day: 31, hour: 1 },
        { month: 3, day: 14, hour: 2 },
        { month: 11, day: 7, hour: 1 },
      ),
    ),
    quarter: fc.integer({ min: 0, max: 3 }),
    minutes: fc.integer({ min: 15, max: 600 }),
    allDay: fc.boolean(),
    days: fc.integer({ min: 0, max: 2 }),
    timezone: fc.constantFrom(...ZONES),
  })
  .map(({ when: { month, day, hour }, quarter, minutes, allDay, days, timezone }) => {
    const date = `2027-${pad(month)}-${pad(day)}`;
    if (allDay) {
      const last = new Date(Date.UTC(2027, month - 1, day + days)).toISOString().slice(0, 10);
      return { start: `${date} 00:00:00`, end: `${last} 23:59:59`, allDay, timezone };
    }
    const start = Date.UTC(2027, month - 1, day, hour, quarter * 15);
    const end = new Date(start + minutes * 60_000).toISOString();
    return {
      start: `${date} ${pad(hour)}:${pad(quarter * 15)}:00`,
      end: `${end.slice(0, 10)} ${end.slice(11, 19)}`,
      allDay,
      timezone,
    };
  });

type Fields = Record<string, unknown>;
export type RecordSpec = {
  kind: 'venue' | 'organizer' | 'category' | 'tag' | 'event';
  uuid: string;
  fields: Fields;
};

/**
 * `full`: also what only a backup carries: series (a daily or weekly rule), category colours,
 * term descriptions, scheduled publication, passwords.
 */
export type CalendarOptions = { statuses: readonly string[]; full: boolean };

/** What `full` adds to an event: a rule, a publication date ahead (scheduled), a password. */
const extrasArb = fc.record(
  {
    recurrence: fc
      .record({ freq: fc.constantFrom('DAILY', 'WEEKLY'), count: fc.integer({ min: 2, max: 4 }) })
      .map(({ freq, count }) => ({
        rrule: `FREQ=${freq};COUNT=${count}`,
        rdates: [],
        exdates: [],
      })),
    date: fc.constant('2027-06-01 10:00:00'),
    password: fc.constant('secret'),
  },
  { requiredKeys: [] },
);

export function calendarArb(options: CalendarOptions): fc.Arbitrary<RecordSpec[]> {
  const venues = wordsArb(3).chain((words) =>
    fc.tuple(
      ...words.map((word, index) =>
        fc
          .record({
            name: namesArb(word),
            description: descriptionsArb,
            address: fc.constantFrom('', '1 Main St., Suite "B"', 'Rua Augusta, 24'),
            city: fc.constantFrom('', 'Lisbon', 'New York, NY'),
            region: fc.constantFrom(
              {},
              { province: 'Ontario' },
              { state: 'NY' },
              { stateprovince: 'Île-de-France' },
            ),
            zip: fc.constantFrom('', '00123', '1100-148'),
            country: fc.constantFrom('', 'Portugal', 'United States'),
            phone: fc.constantFrom('', '+351 21 000 0000'),
            website: urlArb,
          })
          .map(({ region, ...fields }): RecordSpec => ({
            kind: 'venue',
            uuid: uuidOf(1, index),
            fields: { ...fields, ...region },
          })),
      ),
    ),
  );
  const organizers = wordsArb(3).chain((words) =>
    fc.tuple(
      ...words.map((word, index) =>
        fc
          .record({
            name: namesArb(word),
            description: descriptionsArb,
            email: fc.constantFrom('', 'info@example.com'),
            phone: fc.constantFrom('', '+1 212 555 0100'),
            website: urlArb,
          })
          .map((fields): RecordSpec => ({ kind: 'organizer', uuid: uuidOf(2, index), fields })),
      ),
    ),
  );
  const terms = (kind: 'category' | 'tag', prefix: number) =>
    wordsArb(4).chain((words) =>
      fc.tuple(
        ...words.map((word, index) =>
          fc
            .record({
              name: namesArb(word),
              parent: fc.nat(),
              color: options.full ? fc.constantFrom('', '#1a7f5a', '#b03a2e') : fc.constant(''),
              description: options.full ? descriptionsArb : fc.constant({}),
            })
            .map(({ name, parent, color, description }): RecordSpec => ({
              kind,
              uuid: uuidOf(prefix, index),
              fields: {
                name,
                description,
                // A category under an earlier one; tags are flat.
                ...(kind === 'category' && index > 0 && parent % 2 === 0
                  ? { parentUuid: uuidOf(prefix, parent % index) }
                  : {}),
                ...(color ? { color } : {}),
              },
            })),
        ),
      ),
    );
  return fc
    .tuple(venues, organizers, terms('category', 3), terms('tag', 4))
    .chain(([venueList, organizerList, categories, tags]) => {
      const uuids = (list: RecordSpec[]) => list.map((record) => record.uuid);
      const event = (index: number) =>
        fc
          .record({
            title: fc
              .constantFrom(...WORDS)
              .chain((word) =>
                textsArb((language) =>
                  nameArb(`${word} ${index + 1}`).map((title) =>
                    language === 'en' ? title : `${title} [${language}]`,
                  ),
                ),
              ),
            description: descriptionsArb,
            excerpt: fc.option(
              textsArb(() => fc.constantFrom('Short, "sweet"', 'Late show')),
              {
                nil: {},
              },
            ),
            times: timesArb,
            status: fc.constantFrom(...options.statuses),
            cost: fc.constantFrom('', '10', '-5', '€6.50 - €8.50', 'Free'),
            website: fc.constantFrom(null, '', 'https://tickets.example/x'),
            image: urlArb,
            flags: fc.tuple(...EVENT_FLAGS.map(() => fc.boolean())),
            venueUuid:
              venueList.length > 0
                ? fc.option(fc.constantFrom(...uuids(venueList)), { nil: null })
                : fc.constant(null),
            organizerUuids: fc.shuffledSubarray(uuids(organizerList)),
            categoryUuids: fc.subarray(uuids(categories)),
            tagUuids: fc.subarray(uuids(tags)),
            extras: options.full ? extrasArb : fc.constant({}),
          })
          .map(({ times, flags, extras, ...fields }): RecordSpec => ({
            kind: 'event',
            uuid: uuidOf(5, index),
            fields: {
              ...fields,
              ...extras,
              ...times,
              ...Object.fromEntries(EVENT_FLAGS.map((flag, at) => [flag.field, flags[at]])),
            },
          }));
      return fc
        .integer({ min: 1, max: 6 })
        .chain((count) => fc.tuple(...Array.from({ length: count }, (_, index) => event(index))))
        .map((events) => [...venueList, ...organizerList, ...categories, ...tags, ...events]);
    });
}

/** Writes a calendar through the sync push, as its owner; every mutation must apply. */
export async function writeCalendar(server: TestServer, records: readonly RecordSpec[]) {
  const mutations = records.map((record, index) => ({
    mutationId: index + 1,
    kind: record.kind,
    op: 'create',
    uuid: record.uuid,
    baseRev: 0,
    fields: record.fields,
  }));
  const reply = await push(server, 'round-trip-writer', mutations, 'owner');
  const refused = reply.results.filter((result) => result.status !== 'applied');
  expect(refused, JSON.stringify(refused)).toEqual([]);
}
