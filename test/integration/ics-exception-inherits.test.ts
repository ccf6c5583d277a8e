/**
 * An overridden occurrence in a file (Google writes only what the override changes) keeps what
 * its series says and it does not: the series' categories, organizer, venue and description
 * reach it, as they reach every other occurrence; what it says itself (its title, its times)
 * is its own.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { eventListOf } from '../support/events.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const IMPORT = '/wp-json/marquee/v1/import?format=ics';

const FILE = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
  'BEGIN:VEVENT',
  'UID:choir@venue.example',
  'DTSTAMP:20261101T000000Z',
  'DTSTART;TZID=Europe/Berlin:20270105T190000',
  'DTEND;TZID=Europe/Berlin:20270105T210000',
  'RRULE:FREQ=WEEKLY;COUNT=4',
  'SUMMARY:Choir rehearsal',
  'DESCRIPTION:Bring your scores.',
  'LOCATION:Parish hall\\, Berlin',
  'ORGANIZER;CN=Kantorei:mailto:kantorei@venue.example',
  'CATEGORIES:Choir',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:choir@venue.example',
  'DTSTAMP:20261101T000000Z',
  'RECURRENCE-ID;TZID=Europe/Berlin:20270112T190000',
  'DTSTART;TZID=Europe/Berlin:20270112T200000',
  'DTEND;TZID=Europe/Berlin:20270112T220000',
  'SUMMARY:Choir rehearsal (late)',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

it('gives an override what its series says and it does not', async () => {
  const reply = await server.request(IMPORT, { as: 'owner', text: FILE });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const list = eventListOf(
    await server.api('/events?start_date=2027-01-01&end_date=2027-02-28', { as: 'owner' }),
  );
  const late = list.events.find((event) => event.title === 'Choir rehearsal (late)');
  const usual = list.events.find((event) => event.start_date === '2027-01-19 19:00:00');
  expect(late?.start_date).toBe('2027-01-12 20:00:00');
  for (const event of [usual, late]) {
    expect(event?.description).toContain('Bring your scores.');
    expect(event?.categories.map((term) => term.name)).toEqual(['Choir']);
    expect(event?.organizer.map((organizer) => organizer.organizer)).toEqual(['Kantorei']);
    expect(event?.venue).toMatchObject({ venue: 'Parish hall' });
  }
});
