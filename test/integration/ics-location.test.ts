/**
 * An ICS LOCATION that names a venue the calendar has at another address is not linked to it
 * behind the user's back: the import keeps the file's address in a venue of its own, named
 * apart, the preview's row says so, and importing the file again finds that venue.
 */
import { describe, expect, it } from 'vitest';
import { importSummarySchema } from '#shared/schemas/transfer.ts';
import type { TecEvent } from '#shared/tec/event.ts';
import { createEvent, eventListOf } from '../support/events.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const IMPORT = '/wp-json/marquee/v1/import?format=ics';
const CALENDAR = { timezone: 'America/New_York' };

async function imported(server: TestServer, file: string, dryRun = false) {
  const reply = await server.request(`${IMPORT}${dryRun ? '&dryRun=true' : ''}`, {
    as: 'owner',
    text: file,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(dryRun ? 200 : 201);
  return importSummarySchema.parse(reply.body);
}

async function venueOf(server: TestServer, title: string) {
  const list = eventListOf(await server.api('/events?start_date=2000-01-01', { as: 'owner' }));
  const event = list.events.find((each: TecEvent) => each.title === title);
  const venue = event && !Array.isArray(event.venue) ? event.venue : undefined;
  return (
    venue && {
      name: venue.venue,
      address: venue.address,
      city: venue.city,
      region: venue.stateprovince,
      zip: venue.zip,
      country: venue.country,
    }
  );
}

describe('a LOCATION naming a known venue at another address', () => {
  const marqueeFile = (location: string, venue: string) =>
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Other//Other//EN',
      'BEGIN:VEVENT',
      'UID:gig@other.example',
      'DTSTAMP:20261101T000000Z',
      'DTSTART:20261210T010000Z',
      'DTEND:20261210T030000Z',
      'SUMMARY:Late gig',
      `LOCATION:${location}`,
      ...(venue ? [`X-MARQUEE-VENUE:${venue}`] : []),
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');

  it('keeps the file’s address in a venue of its own, says so, and finds it again', async () => {
    const target = await startTestServer({ overrides: CALENDAR });
    try {
      await createEvent(target, {
        title: 'Early gig',
        start_date: '2026-12-09 19:00:00',
        end_date: '2026-12-09 21:00:00',
        venue: { venue: 'Blue Note Hall', address: '1 Main St', city: 'Springfield' },
      });
      const file = marqueeFile(
        'Blue Note Hall\\, 131 W 3rd St\\, New York\\, NY\\, 10012\\, USA',
        'Blue Note Hall;131 W 3rd St;New York;NY;10012;USA',
      );
      const preview = await imported(target, file, true);
      expect(preview.rows[0]?.venueRenamed).toEqual({
        from: 'Blue Note Hall',
        to: 'Blue Note Hall (New York)',
      });
      const summary = await imported(target, file);
      expect(summary.created.venues).toBe(1);
      expect(await venueOf(target, 'Late gig')).toEqual({
        name: 'Blue Note Hall (New York)',
        address: '131 W 3rd St',
        city: 'New York',
        region: 'NY',
        zip: '10012',
        country: 'USA',
      });
      expect(await venueOf(target, 'Early gig')).toMatchObject({
        name: 'Blue Note Hall',
        city: 'Springfield',
      });
      const again = await imported(target, file);
      expect(again.events).toEqual({ new: 0, updated: 0, unchanged: 1 });
      expect(again.created.venues).toBe(0);
    } finally {
      await target.close();
    }
  });

  it('names it by a part of the address when the file gives no city, and links the same address', async () => {
    const target = await startTestServer({ overrides: CALENDAR });
    try {
      await createEvent(target, {
        title: 'Early gig',
        start_date: '2026-12-09 19:00:00',
        end_date: '2026-12-09 21:00:00',
        venue: { venue: 'Blue Note Hall', address: '1 Main St', city: 'Springfield' },
      });
      const elsewhere = await imported(
        target,
        marqueeFile('Blue Note Hall\\, 131 W 3rd St\\, New York\\, NY 10012', ''),
      );
      expect(elsewhere.rows[0]?.venueRenamed?.to).toBe('Blue Note Hall (New York)');
      const here = await imported(
        target,
        marqueeFile('Blue Note Hall\\, 1 Main St\\, Springfield', '').replace(
          'gig@other',
          'gig2@other',
        ),
      );
      expect(here.rows[0]?.venueRenamed).toBeUndefined();
      expect(here.created.venues).toBe(0);
    } finally {
      await target.close();
    }
  });
});
