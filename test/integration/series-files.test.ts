/**
 * Series in calendar files, read back with ical.js as calendar apps read them: one VEVENT with
 * the rule, one per exception with RECURRENCE-ID at its original slot; a windowed feed keeps a
 * series whose first occurrence is before the window, and its moved occurrence; occurrences in
 * the trash become EXDATEs. CSV writes each occurrence (TEC's importer has no rules).
 */
import ICAL from 'ical.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ overrides: { timezone: 'Europe/Berlin' } });
});
afterEach(() => server.close());

type Listed = { events: { id: number; start_date: string }[] };

/** Every occurrence a calendar app shows for the file: local start in Berlin and title. */
function expand(ics: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevents = calendar.getAllSubcomponents('vevent');
  const masters = vevents.filter((vevent) => !vevent.hasProperty('recurrence-id'));
  const shown: string[] = [];
  for (const master of masters) {
    const uid = master.getFirstPropertyValue('uid');
    const exceptions = vevents.filter(
      (vevent) => vevent !== master && vevent.getFirstPropertyValue('uid') === uid,
    );
    const event = new ICAL.Event(master, { exceptions });
    const iterator = event.iterator();
    for (let next = iterator.next(); next && shown.length < 50; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      const start = details.startDate.convertToZone(ICAL.TimezoneService.get('Europe/Berlin'));
      shown.push(`${start.toString().slice(0, 16)} ${String(details.item.summary)}`);
    }
  }
  return shown.sort();
}

describe('series in calendar files', () => {
  it('writes the rule and a moved occurrence at its original slot, in a windowed feed too', async () => {
    const created = await server.api('/events', {
      as: 'editor',
      json: {
        title: 'Jazz night',
        start_date: '2026-11-27 19:00:00',
        end_date: '2026-11-27 22:00:00',
        recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=5' },
      },
    });
    const seriesId = (created.body as { id: number }).id;
    const occurrences = (
      (await server.api(`/events?post_parent=${seriesId}&start_date=2026-01-01`)).body as Listed
    ).events;
    await server.api(`/events/${occurrences[2]!.id}`, {
      as: 'editor',
      json: {
        title: 'Jazz night: big band',
        start_date: '2026-12-12 20:00:00',
        end_date: '2026-12-12 23:00:00',
      },
    });
    await server.api(`/events/${occurrences[3]!.id}`, { as: 'editor', method: 'DELETE' });

    const expected = [
      '2026-11-27T19:00 Jazz night',
      '2026-12-04T19:00 Jazz night',
      '2026-12-12T20:00 Jazz night: big band',
      '2026-12-25T19:00 Jazz night',
    ];
    const whole = await server.request('/wp-json/marquee/v1/export?format=ics', { as: 'owner' });
    const file = String(whole.body);
    expect(file.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(file).toContain('RRULE:FREQ=WEEKLY;BYDAY=FR;COUNT=5');
    expect(file).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20261211T190000');
    expect(file).toContain('EXDATE;TZID=Europe/Berlin:20261218T190000');
    expect(expand(file)).toEqual(expected);

    // A feed from 10 December: the series starts before it, the moved one is in it.
    const feed = await server.request('/wp-json/marquee/v1/ical?start_date=2026-12-10');
    expect(feed.status).toBe(200);
    expect(expand(String(feed.body))).toEqual(expected);

    // CSV: one row per occurrence.
    const csv = await server.request('/wp-json/marquee/v1/export?format=csv', { as: 'owner' });
    expect(String(csv.body).match(/Jazz night/g)).toHaveLength(4);
  });

  it('writes the same file after a backup is restored into an empty calendar, SEQUENCE included', async () => {
    const created = await server.api('/events', {
      as: 'editor',
      json: {
        title: 'Choir',
        start_date: '2026-12-01 18:00:00',
        end_date: '2026-12-01 20:00:00',
        recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4' },
      },
    });
    const seriesId = (created.body as { id: number }).id;
    const occurrences = (
      (await server.api(`/events?post_parent=${seriesId}&start_date=2026-01-01`)).body as Listed
    ).events;
    server.clock.advance(60_000);
    await server.api(`/events/${occurrences[1]!.id}`, {
      as: 'editor',
      json: { title: 'Choir: carols' },
    });
    await server.api(`/events/${occurrences[2]!.id}`, { as: 'editor', method: 'DELETE' });
    const ics = async (target: TestServer) =>
      String((await target.request('/wp-json/marquee/v1/export?format=ics', { as: 'owner' })).body);
    const backup = await server.request('/wp-json/marquee/v1/export?format=json', { as: 'owner' });
    const target = await startTestServer({ overrides: { timezone: 'Europe/Berlin' } });
    try {
      const restored = await target.request('/wp-json/marquee/v1/import?format=json', {
        as: 'owner',
        text: JSON.stringify(backup.body),
      });
      expect(restored.status, JSON.stringify(restored.body)).toBe(201);
      const file = await ics(server);
      expect(file).toMatch(/SEQUENCE:\d+\r\n[^]*SEQUENCE:\d+/);
      expect(await ics(target)).toBe(file);
    } finally {
      await target.close();
    }
  });
});
