/**
 * Recurring series through the REST API: a series is written with `recurrence`, lists show its
 * occurrences (each an event naming its series), `post_parent` lists them, and writes to an
 * occurrence carry a scope (this, following, all). Bad rules are a clear 400.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { expectError } from '../support/venues.ts';
import {
  createSeries as createSeriesOn,
  JAZZ,
  occurrencesOf as occurrencesOn,
  type Event,
  type List,
} from '../support/series-api.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ overrides: { timezone: 'Europe/Berlin' } });
});
afterEach(() => server.close());

const createSeries = (body?: object) => createSeriesOn(server, body);
const occurrencesOf = (id: number) => occurrencesOn(server, id);

describe('series through REST', () => {
  it('creates a series whose occurrences list as events naming it', async () => {
    const series = await createSeries();
    expect(series.recurrence).toEqual({
      rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=6',
      rdates: [],
      exdates: [],
    });
    const occurrences = await occurrencesOf(series.id);
    expect(occurrences.map((event) => event.start_date)).toEqual([
      '2026-11-27 19:00:00',
      '2026-12-04 19:00:00',
      '2026-12-11 19:00:00',
      '2026-12-18 19:00:00',
      '2026-12-25 19:00:00',
      '2027-01-01 19:00:00',
    ]);
    expect(occurrences[1]).toMatchObject({
      title: 'Jazz night',
      end_date: '2026-12-04 22:00:00',
      slug: 'jazz-night-2026-12-04',
      series: { id: series.id, recurrence_id: '2026-12-04 19:00:00' },
    });
    // The plain list shows the occurrences, not the series itself.
    const list = (await server.api('/events?per_page=50')).body as List;
    expect(list.total).toBe(6);
    expect(list.events.some((event) => event.id === series.id)).toBe(false);
    // The series reads as an event with its rule.
    const read = (await server.api(`/events/${series.id}`)).body as Event;
    expect(read.recurrence?.rrule).toBe('FREQ=WEEKLY;BYDAY=FR;COUNT=6');
  });

  it('keeps 19:00 local across the change to winter time (Europe/Berlin)', async () => {
    const series = await createSeries({
      ...JAZZ,
      start_date: '2026-10-16 19:00:00',
      end_date: '2026-10-16 22:00:00',
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3' },
    });
    const occurrences = await occurrencesOf(series.id);
    expect(occurrences.map((event) => [event.start_date, event.utc_start_date])).toEqual([
      ['2026-10-16 19:00:00', '2026-10-16 17:00:00'],
      ['2026-10-23 19:00:00', '2026-10-23 17:00:00'],
      ['2026-10-30 19:00:00', '2026-10-30 18:00:00'],
    ]);
  });

  it('refuses a rule that gives no occurrence, never recurs, began too long ago, two on one day, or one it cannot read', async () => {
    const bad = async (recurrence: object, text: string, from = JAZZ.start_date) => {
      const reply = await server.api('/events', {
        as: 'editor',
        json: { ...JAZZ, start_date: from, end_date: from, recurrence },
      });
      expectError(reply, 400, 'rest_invalid_param');
      expect(JSON.stringify(reply.body)).toContain(text);
    };
    // From two years ago, daily: 1,460 up to the horizon, the newest 1,000 made (series-horizon).
    // From 1950: more than 20,000 dates to walk, refused rather than hold the thread.
    await bad({ rrule: 'FREQ=DAILY' }, 'gives more than 20000 dates', '1950-01-02 19:00:00');
    // Parts that never meet would walk to the year 9999 (15 s): refused at once.
    await bad({ rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30' }, 'its parts never meet');
    await bad({ rrule: 'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6' }, 'BYSETPOS=6');
    await bad({ rrule: 'FREQ=HOURLY' }, 'FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY');
    await bad({ rrule: 'FREQ=WEEKLY;BYDAY=XX' }, 'BYDAY must list weekdays');
    await bad(
      { rrule: 'FREQ=WEEKLY;COUNT=1', exdates: ['2026-11-27'] },
      'the rule gives no occurrence',
    );
    await bad(
      { rrule: 'FREQ=WEEKLY;COUNT=3', rdates: ['2026-12-04 15:00:00'] },
      'two occurrences on 2026-12-04; a series has at most one a day',
    );
    const list = (await server.api('/events', { as: 'editor' })).body as List;
    expect(list.total).toBe(0);
  });

  it('edits one occurrence alone: it keeps its slot and the others do not change', async () => {
    const series = await createSeries();
    const [, second, third] = await occurrencesOf(series.id);
    const moved = await server.api(`/events/${second!.id}`, {
      as: 'editor',
      json: {
        title: 'Jazz night: big band',
        start_date: '2026-12-05 20:00:00',
        end_date: '2026-12-05 23:00:00',
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({
      title: 'Jazz night: big band',
      start_date: '2026-12-05 20:00:00',
      series: { id: series.id, recurrence_id: '2026-12-04 19:00:00' },
    });
    // An edit of the whole series keeps the moved occurrence's own time and title.
    const all = await server.api(`/events/${third!.id}`, {
      as: 'editor',
      json: { scope: 'all', excerpt: 'Bring a friend' },
    });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const after = await occurrencesOf(series.id);
    expect(after.map((event) => event.excerpt)).toEqual(Array(6).fill('<p>Bring a friend</p>'));
    expect(after[1]).toMatchObject({
      id: second!.id,
      title: 'Jazz night: big band',
      start_date: '2026-12-05 20:00:00',
    });
  });

  it('moves all occurrences when one is moved with scope all', async () => {
    const series = await createSeries();
    const [, second] = await occurrencesOf(series.id);
    const reply = await server.api(`/events/${second!.id}`, {
      as: 'editor',
      json: { scope: 'all', start_date: '2026-12-04 20:00:00', end_date: '2026-12-04 23:30:00' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const after = await occurrencesOf(series.id);
    expect(after.map((event) => `${event.start_date}–${event.end_date.slice(11)}`)).toEqual([
      '2026-11-27 20:00:00–23:30:00',
      '2026-12-04 20:00:00–23:30:00',
      '2026-12-11 20:00:00–23:30:00',
      '2026-12-18 20:00:00–23:30:00',
      '2026-12-25 20:00:00–23:30:00',
      '2027-01-01 20:00:00–23:30:00',
    ]);
    // The same events, moved (their ids stay).
    expect(after[1]!.id).toBe(second!.id);
  });

  it('splits the series for this and following', async () => {
    const series = await createSeries();
    const occurrences = await occurrencesOf(series.id);
    const fourth = occurrences[3]!;
    const reply = await server.api(`/events/${fourth.id}`, {
      as: 'editor',
      json: { scope: 'following', title: 'Jazz night (new band)' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const part = (reply.body as Event).series!.id;
    expect(part).not.toBe(series.id);
    const first = await occurrencesOf(series.id);
    const second = await occurrencesOf(part);
    expect(first.map((event) => event.title)).toEqual(Array(3).fill('Jazz night'));
    expect(second.map((event) => [event.title, event.start_date])).toEqual([
      ['Jazz night (new band)', '2026-12-18 19:00:00'],
      ['Jazz night (new band)', '2026-12-25 19:00:00'],
      ['Jazz night (new band)', '2027-01-01 19:00:00'],
    ]);
    expect(second[0]!.id).toBe(fourth.id);
    const rules = await Promise.all(
      [series.id, part].map(
        async (id) =>
          ((await server.api(`/events/${id}`, { as: 'editor' })).body as Event).recurrence?.rrule,
      ),
    );
    expect(rules).toEqual([
      'FREQ=WEEKLY;BYDAY=FR;UNTIL=20261218T175959Z',
      'FREQ=WEEKLY;BYDAY=FR;COUNT=3',
    ]);
  });

  it('deletes one occurrence, the following ones, or the whole series', async () => {
    const series = await createSeries();
    const occurrences = await occurrencesOf(series.id);
    // Deleted for good alone: an EXDATE, so the series does not give it back.
    const gone = await server.api(`/events/${occurrences[1]!.id}?force=true`, {
      as: 'editor',
      method: 'DELETE',
    });
    expect(gone.status).toBe(200);
    const read = (await server.api(`/events/${series.id}`, { as: 'editor' })).body as Event;
    expect(read.recurrence?.exdates).toEqual(['2026-12-04 19:00:00']);
    expect(await occurrencesOf(series.id)).toHaveLength(5);
    // This and following.
    await server.api(`/events/${occurrences[3]!.id}?scope=following`, {
      as: 'editor',
      method: 'DELETE',
    });
    expect((await occurrencesOf(series.id)).map((event) => event.start_date)).toEqual([
      '2026-11-27 19:00:00',
      '2026-12-11 19:00:00',
    ]);
    // All: the series and its occurrences go to the trash.
    await server.api(`/events/${occurrences[0]!.id}?scope=all`, { as: 'editor', method: 'DELETE' });
    expect(((await server.api('/events', { as: 'editor' })).body as List).total).toBe(0);
    const trashed = (await server.api(`/events/${series.id}`, { as: 'editor' })).body;
    expect(trashed).toMatchObject({ code: 'event-no-longer-available' });
  });

  it('lists a series and its exceptions at marquee/v1/series/{id}', async () => {
    const series = await createSeries();
    const [, second] = await occurrencesOf(series.id);
    await server.api(`/events/${second!.id}`, {
      as: 'editor',
      json: { start_date: '2026-12-04 20:00:00', end_date: '2026-12-04 23:00:00' },
    });
    const reply = await server.request(`/wp-json/marquee/v1/series/${series.id}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const body = reply.body as {
      recurrence: object;
      occurrences: {
        id: number;
        recurrence_id: string;
        start_date: string;
        exception: boolean;
        own: string[];
      }[];
    };
    expect(body.recurrence).toEqual(series.recurrence);
    expect(body.occurrences).toHaveLength(6);
    expect(body.occurrences[1]).toEqual({
      id: second!.id,
      recurrence_id: '2026-12-04 19:00:00',
      start_date: '2026-12-04 20:00:00',
      end_date: '2026-12-04 23:00:00',
      status: 'publish',
      exception: true,
      own: ['start', 'end'],
    });
    expect(body.occurrences.filter((occurrence) => occurrence.exception)).toHaveLength(1);
    const single = await server.api('/events', {
      as: 'editor',
      json: { title: 'Once', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 11:00:00' },
    });
    const notSeries = await server.request(
      `/wp-json/marquee/v1/series/${(single.body as Event).id}`,
    );
    expectError(notSeries, 404, 'rest-event-not-found');
  });

  it('ends a series when its rule is removed: it becomes a single event again', async () => {
    const series = await createSeries();
    const reply = await server.api(`/events/${series.id}`, {
      as: 'editor',
      json: { recurrence: '' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const list = (await server.api('/events', { as: 'editor' })).body as List;
    expect(list.events.map((event) => event.id)).toEqual([series.id]);
  });
});
