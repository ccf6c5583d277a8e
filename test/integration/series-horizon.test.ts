/**
 * A series' horizon through the REST API: occurrences are stored two years ahead and the next
 * ones added as days pass; a series that passes 1,000 occurrences as the horizon moves keeps
 * what it has and still takes edits.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSeries as createSeriesOn, JAZZ, type List } from '../support/series-api.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ overrides: { timezone: 'Europe/Berlin' } });
});
afterEach(() => server.close());

const createSeries = (body?: object) => createSeriesOn(server, body);

describe('the series horizon', () => {
  it('stores two years ahead and adds the next occurrences as days pass', async () => {
    const series = await createSeries({ ...JAZZ, recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=FR' } });
    const slots = async () =>
      (
        (await server.request(`/wp-json/marquee/v1/series/${series.id}`)).body as {
          occurrences: { id: number; start_date: string }[];
        }
      ).occurrences;
    const before = await slots();
    // 27 November 2026 to the horizon, 20 November 2028: 104 Fridays.
    expect(before).toHaveLength(104);
    expect(before.at(-1)!.start_date).toBe('2028-11-17 19:00:00');
    // A month later the daily extension (run by the first request after it is due) adds four.
    server.clock.advance(31 * 24 * 60 * 60 * 1000);
    const after = await slots();
    expect(after).toHaveLength(108);
    expect(after.at(-1)!.start_date).toBe('2028-12-15 19:00:00');
    expect(after.slice(0, 104).map((event) => event.id)).toEqual(before.map((event) => event.id));
  });

  it('stores the first year of a series that begins past the horizon, and keeps it as days pass', async () => {
    // Made on 27 November 2026 for Fridays from 2 February 2029: past the horizon (20 November
    // 2028), which once refused it as a rule with no occurrence.
    const later = await createSeries({
      ...JAZZ,
      start_date: '2029-02-02 19:00:00',
      end_date: '2029-02-02 21:00:00',
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=FR' },
    });
    const slots = async () =>
      (
        (await server.request(`/wp-json/marquee/v1/series/${later.id}`)).body as {
          occurrences: { id: number; start_date: string }[];
        }
      ).occurrences;
    const made = await slots();
    // 2 February 2029 to 2 February 2030: 53 Fridays.
    expect(made).toHaveLength(53);
    expect(made[0]!.start_date).toBe('2029-02-02 19:00:00');
    expect(made.at(-1)!.start_date).toBe('2030-02-01 19:00:00');
    server.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await slots()).map((event) => event.id)).toEqual(made.map((event) => event.id));
  });

  it('takes edits of a series past 1,000 occurrences: the newest 1,000 are made, older ones kept', async () => {
    const daily = await createSeries({ ...JAZZ, recurrence: { rrule: 'FREQ=DAILY' } });
    // 730 days when it was made; 300 days later, 1,030 up to the horizon.
    server.clock.advance(300 * 24 * 60 * 60 * 1000);
    const reply = await server.api(`/events/${daily.id}`, {
      as: 'editor',
      json: { title: 'Daily bells' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const listed = (
      await server.api(`/events?post_parent=${daily.id}&start_date=2026-01-01&per_page=50`)
    ).body as List;
    expect(listed.events.every((event) => event.title === 'Daily bells')).toBe(true);
    // A new rule past 1,000 up to the horizon is a series too: however long ago it began, it is
    // not refused; the occurrences stored before stay.
    const moved = await server.api(`/events/${daily.id}`, {
      as: 'editor',
      json: { recurrence: { rrule: 'FREQ=DAILY;INTERVAL=1;WKST=MO' } },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const all = (
      await server.api(`/events?post_parent=${daily.id}&start_date=2026-01-01&per_page=1`)
    ).body as List & { total: number };
    expect(all.total).toBeGreaterThan(1000);
  });

  it('makes the newest 1,000 occurrences of a series begun long ago, not the oldest', async () => {
    const old = await createSeries({
      ...JAZZ,
      start_date: '2012-03-05 19:00:00',
      end_date: '2012-03-05 21:00:00',
      recurrence: { rrule: 'FREQ=DAILY' },
    });
    const listed = (
      await server.api(`/events?post_parent=${old.id}&start_date=2000-01-01&per_page=1`)
    ).body as List & { total: number };
    expect(listed.total).toBe(1000);
    const last = (
      await server.api(`/events?post_parent=${old.id}&start_date=2028-11-01&per_page=50`)
    ).body as List;
    expect(last.events.length).toBeGreaterThan(0);
  });
});
