/**
 * ICS imports make series: a recurring VEVENT becomes a series (its rule, extra and removed
 * dates), its overrides the exceptions at their RECURRENCE-ID, a cancelled override an EXDATE.
 * Importing the same file again changes nothing; Marquee's own export imported into an empty
 * calendar answers and feeds the same, and imported again changes nothing either. A rule a
 * series cannot hold is still read, as events of their own.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const IMPORT = '/wp-json/marquee/v1/import?format=ics';
const EXPORT = '/wp-json/marquee/v1/export?format=ics';

const GOOGLE = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
  'BEGIN:VEVENT',
  'UID:jazz@venue.example',
  'DTSTAMP:20261101T000000Z',
  'DTSTART;TZID=Europe/Berlin:20261127T190000',
  'DTEND;TZID=Europe/Berlin:20261127T220000',
  'RRULE:FREQ=WEEKLY;BYDAY=FR;COUNT=6',
  'EXDATE;TZID=Europe/Berlin:20261225T190000',
  'SUMMARY:Jazz night',
  'X-GOOGLE-CONFERENCE:none',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:jazz@venue.example',
  'DTSTAMP:20261101T000000Z',
  'RECURRENCE-ID:20261211T180000Z',
  'DTSTART;TZID=Europe/Berlin:20261212T200000',
  'DTEND;TZID=Europe/Berlin:20261212T230000',
  'SUMMARY:Jazz night: big band',
  'SEQUENCE:1',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:jazz@venue.example',
  'DTSTAMP:20261101T000000Z',
  'RECURRENCE-ID;TZID=Europe/Berlin:20261218T190000',
  'DTSTART;TZID=Europe/Berlin:20261218T190000',
  'DTEND;TZID=Europe/Berlin:20261218T220000',
  'STATUS:CANCELLED',
  'SUMMARY:Jazz night',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:hourly@venue.example',
  'DTSTAMP:20261101T000000Z',
  'DTSTART;TZID=Europe/Berlin:20261201T100000',
  'DTEND;TZID=Europe/Berlin:20261201T103000',
  'RRULE:FREQ=HOURLY;COUNT=3',
  'SUMMARY:Tour',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

type Listed = {
  events: {
    id: number;
    title: string;
    start_date: string;
    series?: { id: number; recurrence_id: string };
  }[];
};

/** A file with the midday bells from `date` (YYYYMMDD), repeating by `rule`. */
const bells = (date: string, rule: string) =>
  [
    'BEGIN:VCALENDAR',
    'BEGIN:VEVENT',
    'UID:bells@venue.example',
    `DTSTART;TZID=Europe/Berlin:${date}T120000`,
    `DTEND;TZID=Europe/Berlin:${date}T121500`,
    rule,
    'SUMMARY:Bells',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ overrides: { timezone: 'Europe/Berlin' } });
});
afterEach(() => server.close());

/** What a calendar shows: each listed event's start, title and slot in its series. */
async function shown(target: TestServer) {
  const reply = await target.api('/events?start_date=2026-01-01&per_page=50');
  return (reply.body as Listed).events.map(
    (event) =>
      `${event.start_date} ${event.title}${event.series ? ` @${event.series.recurrence_id}` : ''}`,
  );
}

/**
 * The list as the API answers it (every occurrence, exceptions too) but for what names a record
 * by number or the server by address: an ICS file carries neither, and a calendar whose
 * trashed occurrence has an id numbers the next ones differently.
 */
const answers = async (target: TestServer) =>
  JSON.stringify(
    (await target.api('/events?start_date=2026-01-01&per_page=50')).body,
    (key, value: unknown) =>
      ['id', 'global_id', 'global_id_lineage', 'url', 'rest_url'].includes(key) ? undefined : value,
  );

/** The file as calendar apps compare it, SEQUENCE included; DTSTAMP and such date the write. */
const feedOf = async (target: TestServer) =>
  String((await target.request(EXPORT, { as: 'owner' })).body)
    .split('\r\n')
    .filter((line) => !/^(DTSTAMP|CREATED|LAST-MODIFIED)[:;]/.test(line))
    .join('\n');

describe('ICS import of series', () => {
  it('makes a series with its exceptions; importing it again changes nothing', async () => {
    const reply = await server.request(IMPORT, { as: 'owner', text: GOOGLE });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({ events: { new: 5, updated: 0 }, problems: [] });
    expect(await shown(server)).toEqual([
      '2026-11-27 19:00:00 Jazz night @2026-11-27 19:00:00',
      '2026-12-01 10:00:00 Tour',
      '2026-12-01 11:00:00 Tour',
      '2026-12-01 12:00:00 Tour',
      '2026-12-04 19:00:00 Jazz night @2026-12-04 19:00:00',
      '2026-12-12 20:00:00 Jazz night: big band @2026-12-11 19:00:00',
      '2027-01-01 19:00:00 Jazz night @2027-01-01 19:00:00',
    ]);
    const list = (await server.api('/events?start_date=2026-01-01&per_page=50')).body as Listed;
    const seriesId = list.events[0]!.series!.id;
    const series = await server.api(`/events/${seriesId}`);
    expect(series.body).toMatchObject({
      recurrence: {
        rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=6',
        exdates: ['2026-12-18 19:00:00', '2026-12-25 19:00:00'],
      },
    });

    const again = await server.request(IMPORT, { as: 'owner', text: GOOGLE });
    expect(again.body).toMatchObject({ events: { new: 0, updated: 0, unchanged: 5 } });
    expect(await shown(server)).toHaveLength(7);

    const file = String((await server.request(EXPORT, { as: 'owner' })).body);
    expect(file).toContain('UID:jazz@venue.example');
    expect(file).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20261211T190000');
    expect(file).toContain('X-GOOGLE-CONFERENCE:none');
  });

  it('round-trips its own export: an empty calendar answers and feeds the same', async () => {
    await server.request(IMPORT, { as: 'owner', text: GOOGLE });
    const made = await server.api('/events', {
      as: 'owner',
      json: {
        title: 'Choir',
        start_date: '2026-12-01 18:00:00',
        end_date: '2026-12-01 20:00:00',
        recurrence: { rrule: 'FREQ=MONTHLY;BYDAY=1TU,3TU;UNTIL=20270331' },
      },
    });
    const choir = (made.body as { id: number }).id;
    const occurrences = (
      (await server.api(`/events?post_parent=${choir}&start_date=2026-01-01`)).body as Listed
    ).events;
    await server.api(`/events/${occurrences[1]!.id}`, {
      as: 'owner',
      json: { title: 'Choir: carols', start_date: '2026-12-15 17:00:00' },
    });
    await server.api(`/events/${occurrences[2]!.id}`, { as: 'owner', method: 'DELETE' });
    const file = String((await server.request(EXPORT, { as: 'owner' })).body);

    // Its own export, imported again: nothing changes. (Made by the owner, as an import is: the
    // answers name the author.)
    const again = await server.request(IMPORT, { as: 'owner', text: file });
    expect(again.body).toMatchObject({ events: { new: 0, updated: 0 }, problems: [] });

    const target = await startTestServer({ overrides: { timezone: 'Europe/Berlin' } });
    try {
      const reply = await target.request(IMPORT, { as: 'owner', text: file });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(await shown(target)).toEqual(await shown(server));
      // Whole answers, as a website build reads them: the same but for ids and addresses.
      expect(await answers(target)).toBe(await answers(server));
      expect(await feedOf(target)).toEqual(await feedOf(server));
      const twice = await target.request(IMPORT, { as: 'owner', text: file });
      expect(twice.body).toMatchObject({ events: { new: 0, updated: 0 }, problems: [] });
    } finally {
      await target.close();
    }
  });

  it('makes a series of one read before as events of their own, when its file is imported again', async () => {
    // Twice a day since 2022: a series has one occurrence a day, so the import reads its newest
    // 1,000 occurrences as events of their own, and says it left the others out.
    const vevent = (rule: string) => bells('20220101', rule);
    const first = await server.request(IMPORT, {
      as: 'owner',
      text: vevent('RRULE:FREQ=DAILY;BYHOUR=12,18'),
    });
    expect(first.body).toMatchObject({
      events: { new: 1000 },
      notes: [expect.objectContaining({ key: 'occurrencesCut', params: { kept: 1000 } })],
    });
    const count = async () =>
      Number(
        (await server.api('/events?start_date=2020-01-01&per_page=1')).headers.get('x-tec-total'),
      );
    expect(await count()).toBe(1000);

    const again = await server.request(IMPORT, {
      as: 'owner',
      text: vevent('RRULE:FREQ=DAILY;COUNT=3'),
    });
    expect(again.body).toMatchObject({ events: { new: 0, updated: 1 }, problems: [] });
    const listed = (await server.api('/events?start_date=2020-01-01&per_page=50')).body as Listed;
    expect(
      listed.events.map((event) => `${event.start_date} ${event.series ? 'series' : ''}`),
    ).toEqual([
      '2022-01-01 12:00:00 series',
      '2022-01-02 12:00:00 series',
      '2022-01-03 12:00:00 series',
    ]);
    expect(await count()).toBe(3);
  });

  it('ends a series whose file now has a rule a series cannot hold: its occurrences come as events', async () => {
    const vevent = (rule: string) => bells('20250601', rule);
    await server.request(IMPORT, { as: 'owner', text: vevent('RRULE:FREQ=DAILY;COUNT=30') });
    const again = await server.request(IMPORT, {
      as: 'owner',
      text: vevent('RRULE:FREQ=DAILY;BYHOUR=12,18'),
    });
    expect(again.body).toMatchObject({ events: { updated: 1, new: 999 }, problems: [] });
    const listed = (await server.api('/events?start_date=2025-01-01&per_page=3')).body as Listed;
    // Its newest 1,000 occurrences up to the horizon (20 November 2028), as a series keeps.
    expect(listed.events.map((event) => [event.start_date, event.series])).toEqual([
      ['2027-07-09 12:00:00', undefined],
      ['2027-07-09 18:00:00', undefined],
      ['2027-07-10 12:00:00', undefined],
    ]);
    const file = String((await server.request(EXPORT, { as: 'owner' })).body);
    // One rule, the file's (the others are the zone's DST rules).
    expect(file.match(/^RRULE:FREQ=DAILY.*$/gm)).toEqual(['RRULE:FREQ=DAILY;BYHOUR=12,18']);
  });
});
