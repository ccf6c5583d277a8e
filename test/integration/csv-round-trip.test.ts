/**
 * Property test (fast-check): random calendars exported as CSV (TEC's importer columns) and
 * imported again through the real server over HTTP.
 *
 * - Into an empty calendar, the records come back with every field CSV carries.
 * - Into the same calendar, nothing changes: no event is updated, nothing is created, and the
 *   calendar's backup is the same byte for byte (no field, revision or date moves).
 *
 * What CSV carries (TEC's importer columns, plus Marquee's uuid, language and
 * status columns), one language per file, each text as a reader in that language sees it (its
 * own, else the default language's, else any: the API's rule):
 * - events: title, description, excerpt; start, end, zone, all day; status; cost; website;
 *   image; the five yes/no flags; the venue's name, the organizers' names in order, the
 *   categories' and tags' names. Not: slugs, the publication date, author, password, other
 *   languages' texts, series (a CSV holds occurrences, as TEC's importer expects them), term
 *   descriptions, parents and colours (TEC's columns name terms only).
 * - venues (their own file): name, description, address, city, state/province (TEC has one
 *   column for both), zip, country, phone, website. Not: excerpt, map flags, image, status.
 * - organizers (their own file): name, description, email, website, phone. Not: excerpt,
 *   image, status.
 * A website never set and one set to "" are both an empty cell. Files are written plain or
 * spreadsheet-safe (a leading ' before what a spreadsheet would run as a formula).
 */
import fc from 'fast-check';
import { afterEach, expect, it } from 'vitest';
import { EVENT_FLAGS } from '#shared/kinds/event-flags.ts';
import type { Language } from '#shared/languages.ts';
import type { Backup } from '#shared/schemas/backup.ts';
import { pickTranslation, type Multilingual } from '#shared/schemas/multilingual.ts';
import { venueStateProvince } from '#shared/schemas/venue.ts';
import { calendarArb, TEXT_LANGUAGES, writeCalendar } from '../support/random-calendar.ts';
import { OWNER_TOKEN, startTestServer, type TestServer } from '../support/test-server.ts';

const FILES = ['venues', 'organizers', 'events'] as const;
const STATUSES = ['publish', 'draft', 'pending', 'private'];

let servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function started(): Promise<TestServer> {
  const server = await startTestServer();
  servers.push(server);
  return server;
}

async function exported(
  server: TestServer,
  kind: string,
  language: Language,
  spreadsheetSafe: boolean,
): Promise<string> {
  const query = `format=csv&kind=${kind}&language=${language}&status=${STATUSES.join(',')}&spreadsheet_safe=${spreadsheetSafe}`;
  const reply = await fetch(`${server.url}/wp-json/marquee/v1/export?${query}`, {
    headers: { authorization: `Bearer ${OWNER_TOKEN}` },
  });
  expect(reply.status).toBe(200);
  return reply.text();
}

type Summary = {
  events: Record<'new' | 'updated' | 'unchanged', number>;
  created: Record<string, number>;
};

async function imported(server: TestServer, file: string, language: Language): Promise<Summary> {
  const reply = await server.request(`/wp-json/marquee/v1/import?format=csv&language=${language}`, {
    as: 'owner',
    text: file,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body as Summary;
}

async function backupOf(server: TestServer): Promise<Backup> {
  const reply = await server.request('/wp-json/marquee/v1/export?format=json', { as: 'owner' });
  expect(reply.status).toBe(200);
  return reply.body as Backup;
}

/** Every record as the CSV files of `language` show it, in an order that ignores ids. */
function carried(backup: Backup, language: Language) {
  const text = (value: Multilingual) =>
    pickTranslation(value, language, backup.settings.defaultLanguage)?.value ?? '';
  const byUuid = new Map(
    [...backup.venues, ...backup.organizers, ...backup.categories, ...backup.tags].map((record) => [
      record.uuid,
      text(record.name),
    ]),
  );
  const names = (uuids: string[]) => uuids.map((uuid) => byUuid.get(uuid));
  const sorted = <T>(list: T[]) => list.map((item) => JSON.stringify(item)).sort();
  return {
    venues: sorted(
      backup.venues.map((venue) => ({
        name: text(venue.name),
        description: text(venue.description),
        address: venue.address,
        city: venue.city,
        region: venueStateProvince(venue),
        zip: venue.zip,
        country: venue.country,
        phone: venue.phone,
        website: venue.website,
      })),
    ),
    organizers: sorted(
      backup.organizers.map((organizer) => ({
        name: text(organizer.name),
        description: text(organizer.description),
        email: organizer.email,
        phone: organizer.phone,
        website: organizer.website,
      })),
    ),
    events: sorted(
      backup.events.map((event) => ({
        title: text(event.title),
        description: text(event.description),
        excerpt: text(event.excerpt),
        start: event.start,
        end: event.end,
        timezone: event.timezone,
        allDay: event.allDay,
        status: event.status,
        cost: event.cost,
        website: event.website ?? '',
        image: event.image,
        ...Object.fromEntries(EVENT_FLAGS.map(({ field }) => [field, event[field]])),
        venue: event.venueUuid === null ? null : byUuid.get(event.venueUuid),
        organizers: names(event.organizerUuids),
        categories: names(event.categoryUuids).sort(),
        tags: names(event.tagUuids).sort(),
      })),
    ),
  };
}

it('gives back every field CSV carries in an empty calendar, and changes nothing in the same one', async () => {
  await fc.assert(
    fc.asyncProperty(
      calendarArb({ statuses: STATUSES, full: false }),
      fc.constantFrom(...TEXT_LANGUAGES),
      fc.boolean(),
      async (records, language, spreadsheetSafe) => {
        const source = await started();
        await writeCalendar(source, records);
        const files = await Promise.all(
          FILES.map((kind) => exported(source, kind, language, spreadsheetSafe)),
        );
        const before = await backupOf(source);

        const empty = await started();
        for (const file of files) await imported(empty, file, language);
        expect(carried(await backupOf(empty), language)).toEqual(carried(before, language));

        for (const file of files) {
          const summary = await imported(source, file, language);
          expect(summary.events).toMatchObject({ new: 0, updated: 0 });
          expect(summary.created).toEqual({ venues: 0, organizers: 0, categories: 0, tags: 0 });
        }
        expect(await backupOf(source)).toEqual(before);
        await Promise.all(servers.map((server) => server.close()));
        servers = [];
      },
    ),
    { numRuns: 15, endOnFailure: true },
  );
}, 120_000);
