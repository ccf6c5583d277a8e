/**
 * A date that is not on the calendar (30 February, 24:00, a year past 9999), through every door
 *: the REST API reads it as TEC does (PHP carries 30 February over to 2 March), a
 * sync push and a JSON backup are refused with a 400 naming the field, and whatever only the
 * store notices (migration 0013's triggers) is a 400 too, never a 500, and never stored. CSV and
 * ICS files name such a date as a problem on its line (csv-files, file-problems tests).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { at, createEvent } from '../support/events.ts';
import { pull, push } from '../support/sync.ts';
import { OWNER_TOKEN, startTestServer, type TestServer } from '../support/test-server.ts';
import { expectError } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const CLIENT = 'client-dates-1';
const ON_NO_CALENDAR = /is not a date and time on the calendar/;

/** Every event stored, whatever its status and dates. */
async function storedEvents() {
  return (await pull(server)).records.event;
}

describe('the REST API', () => {
  it('carries a day past the month’s end into the next month, as TEC (PHP) does', async () => {
    // Measured on TEC 6.17.2: 2027-02-30 10:00 is stored and answered as 2027-03-02 10:00.
    const event = await createEvent(server, {
      title: 'Leap',
      start_date: '2027-02-30 10:00:00',
      end_date: '2027-02-30 11:00:00',
    });
    expect([event.start_date, event.end_date]).toEqual([
      '2027-03-02 10:00:00',
      '2027-03-02 11:00:00',
    ]);
  });

  it('refuses a year past 9999 naming the parameter, and one only the store notices too', async () => {
    const body = { title: 'Far', start_date: at(1), end_date: at(1, 1) };
    const far = expectError(
      await server.api('/events', { as: 'owner', json: { ...body, start_date: '+10000 years' } }),
      400,
      'rest_invalid_param',
    );
    expect(Object.keys(far.data.params as object)).toEqual(['start_date']);
    // Only its UTC copy is past 9999: the store's trigger refuses it (before, a 500).
    const utc = expectError(
      await server.api('/events', {
        as: 'owner',
        json: {
          ...body,
          start_date: '9999-12-31 23:00:00',
          end_date: '9999-12-31 23:30:00',
          timezone: 'America/New_York',
        },
      }),
      400,
      'rest_invalid_param',
    );
    expect(utc.data.params).toEqual({
      start:
        'start: "10000-01-01 04:00:00" is not a date and time on the calendar (YYYY-MM-DD HH:MM:SS)',
    });
    expect(await storedEvents()).toEqual([]);
  });
});

describe('a sync push', () => {
  const newEvent = (mutationId: number, uuid: string, fields: Record<string, unknown> = {}) => ({
    mutationId,
    kind: 'event',
    op: 'create',
    uuid,
    baseRev: 0,
    fields: {
      title: { en: 'Offline gig' },
      start: '2026-12-01 20:00:00',
      end: '2026-12-01 22:00:00',
      ...fields,
    },
  });

  it('rejects a date that is not on the calendar, naming the field, and stores nothing of it', async () => {
    // The protocol carries stored dates, which a replica never makes impossible: the mutation is
    // refused (the replica shows it as a problem; the rest of the push goes on), not rolled over.
    const kept = randomUUID();
    const venue = randomUUID();
    const base = await push(server, CLIENT, [
      newEvent(1, kept),
      {
        mutationId: 2,
        kind: 'venue',
        op: 'create',
        uuid: venue,
        baseRev: 0,
        fields: { name: { en: 'Hall' } },
      },
    ]);
    const rev = Number(base.checkpoint);
    const update = (mutationId: number, fields: Record<string, unknown>) => ({
      mutationId,
      kind: 'event',
      op: 'update',
      uuid: kept,
      baseRev: rev,
      fields,
    });
    const reply = await push(server, CLIENT, [
      newEvent(3, randomUUID(), { start: '2027-02-30 20:00:00', end: '2027-03-01 22:00:00' }),
      update(4, { end: '2026-12-01 24:00:00' }),
      update(5, { start: '2026-13-01 20:00:00', end: '2026-12-00 22:00:00' }),
      update(6, {
        recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3', rdates: ['2027-02-29'], exdates: [] },
      }),
      {
        mutationId: 7,
        kind: 'venue',
        op: 'update',
        uuid: venue,
        baseRev: rev,
        fields: { date: '2026-04-31 10:00:00' },
      },
      update(8, { cost: '5€' }),
      // Only its UTC copy is past 9999: the store refuses it, and the mutation is rejected.
      newEvent(9, randomUUID(), {
        start: '9999-12-31 23:00:00',
        end: '9999-12-31 23:30:00',
        timezone: 'America/New_York',
      }),
    ]);
    const refused = reply.results.filter((result) => result.mutationId !== 8);
    expect(
      refused.map((result) => [result.status, result.error?.code, result.error?.data.status]),
    ).toEqual(Array.from({ length: 6 }, () => ['rejected', 'rest_invalid_param', 400]));
    expect(refused.map((result) => Object.keys(result.error?.data.params as object))).toEqual([
      ['start'],
      ['end'],
      ['start', 'end'],
      ['recurrence'],
      ['date'],
      ['start'],
    ]);
    expect(JSON.stringify(refused[0]?.error)).toMatch(/2027-02-30 20:00:00.*not a date/);
    expect(JSON.stringify(refused[5]?.error)).toMatch(/10000-01-01 04:00:00.*not a date/);
    expect(reply.results[5]).toMatchObject({ mutationId: 8, status: 'applied' });
    expect(reply.lastMutationId).toBe(9);
    const { records } = await pull(server);
    expect(records.event).toHaveLength(1);
    expect(records.event[0]).toMatchObject({
      uuid: kept,
      start: '2026-12-01 20:00:00',
      end: '2026-12-01 22:00:00',
      recurrence: null,
      cost: '5€',
    });
    expect(records.venue[0]?.date).toBe('2026-11-20 10:00:00');
  });
});

describe('a JSON backup', () => {
  it('with a date that is not on the calendar is refused whole: the store keeps no such date', async () => {
    await createEvent(server, { title: 'Planned fair', start_date: at(3), end_date: at(3, 1) });
    const exported = await fetch(`${server.url}/wp-json/marquee/v1/export?format=json`, {
      headers: { authorization: `Bearer ${OWNER_TOKEN}` },
    });
    const backup = (await exported.text()).replace(
      /"start":"[^"]+"/,
      '"start":"2027-02-30 00:00:00"',
    );
    expect(backup).toContain('2027-02-30');
    const target = await startTestServer();
    try {
      const refused = await target.request('/wp-json/marquee/v1/import?format=json', {
        as: 'owner',
        text: backup,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'marquee_import_invalid' });
      expect((refused.body as { message: string }).message).toMatch(ON_NO_CALENDAR);
      expect((refused.body as { message: string }).message).toMatch(/2027-02-30 00:00:00/);
      expect((await pull(target)).records.event).toEqual([]);
    } finally {
      await target.close();
    }
  });
});
