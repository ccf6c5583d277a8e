/**
 * A series' ICS file as a second, independent reader sees it: Debian's python3-icalendar with
 * recurring-ical-events (what Python tools and many calendar servers use) expands the rule, its
 * EXDATEs and the exception at its RECURRENCE-ID to the occurrences the API lists.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const EXPAND = fileURLToPath(new URL('../support/ics-expand.py', import.meta.url));

type Listed = { events: { id: number; title: string; start_date: string }[] };

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ overrides: { timezone: 'Europe/Berlin' } });
});
afterEach(() => server.close());

/** What python3-icalendar shows for the file between two dates, in Berlin. */
function expandedByPython(ics: string, from: string, to: string): string[] {
  const run = spawnSync('/usr/bin/python3', [EXPAND, from, to, 'Europe/Berlin'], {
    input: ics,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`python3 failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as string[];
}

describe('series in ICS files, read by python3-icalendar', () => {
  it('expands to the occurrences the API lists, across DST, with the moved and removed ones', async () => {
    const created = await server.api('/events', {
      as: 'editor',
      json: {
        title: 'Choir',
        start_date: '2027-03-02 18:00:00',
        end_date: '2027-03-02 20:00:00',
        recurrence: { rrule: 'FREQ=MONTHLY;BYDAY=1TU,3TU;COUNT=8', exdates: ['2027-04-20'] },
      },
    });
    const seriesId = (created.body as { id: number }).id;
    const listed = async () =>
      ((await server.api(`/events?post_parent=${seriesId}&start_date=2027-01-01`)).body as Listed)
        .events;
    const [, second, third] = await listed();
    await server.api(`/events/${second!.id}`, {
      as: 'editor',
      json: {
        title: 'Choir: Easter',
        start_date: '2027-03-17 19:00:00',
        end_date: '2027-03-17 21:00:00',
      },
    });
    await server.api(`/events/${third!.id}`, { as: 'editor', method: 'DELETE' });

    const ics = String(
      (await server.request('/wp-json/marquee/v1/export?format=ics', { as: 'owner' })).body,
    );
    const api = (await listed()).map((event) => `${event.start_date.slice(0, 16)} ${event.title}`);
    expect(api).toHaveLength(6);
    expect(expandedByPython(ics, '2027-01-01', '2028-01-01')).toEqual(api.sort());
  });
});
