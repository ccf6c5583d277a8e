/**
 * Series over the sync protocol: a mutation to an occurrence carries the scope a REST write
 * does (this, following, all), for updates and deletes alike.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { occurrenceUuid } from '#shared/series/occurrences.ts';
import { pull, push } from '../support/sync.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ overrides: { timezone: 'Europe/Berlin' } });
});
afterEach(() => server.close());

const CLIENT = 'client-series-1';
const SERIES = randomUUID();
/** Jazz every Friday at 19:00 for 3 hours, from 27 November 2026, six times. */
const JAZZ = {
  title: { en: 'Jazz night' },
  start: '2026-11-27 19:00:00',
  end: '2026-11-27 22:00:00',
  timezone: 'Europe/Berlin',
  recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=6', rdates: [], exdates: [] },
};
const SLOTS = ['2026-11-27', '2026-12-04', '2026-12-11', '2026-12-18', '2026-12-25', '2027-01-01'];

let mutationId = 0;
const mutation = (fields: object) => ({ mutationId: ++mutationId, kind: 'event', ...fields });

/** Every event on the server, the series first, then occurrences by slot. */
async function events(): Promise<CalendarEvent[]> {
  return (await pull(server)).records.event.sort((a, b) =>
    `${a.recurrenceId ?? ''}${a.start}`.localeCompare(`${b.recurrenceId ?? ''}${b.start}`),
  );
}

async function createSeries(): Promise<CalendarEvent[]> {
  mutationId = 0;
  const created = await push(server, CLIENT, [
    mutation({ op: 'create', uuid: SERIES, baseRev: 0, fields: JAZZ }),
  ]);
  expect(created.results[0]).toMatchObject({ status: 'applied' });
  const all = await events();
  expect(all.map((event) => event.uuid)).toEqual([
    SERIES,
    ...SLOTS.map((slot) => occurrenceUuid(SERIES, slot)),
  ]);
  return all;
}

describe('scoped sync mutations', () => {
  it('edits the whole series through one occurrence with scope all', async () => {
    const [, , second] = await createSeries();
    const reply = await push(server, CLIENT, [
      mutation({
        op: 'update',
        uuid: second!.uuid,
        baseRev: second!.rev,
        scope: 'all',
        fields: {
          title: { en: 'Jazz late' },
          start: '2026-12-04 20:00:00',
          end: '2026-12-04 23:00:00',
        },
      }),
    ]);
    expect(reply.results[0]).toMatchObject({ status: 'applied' });
    const [series, ...occurrences] = await events();
    expect(series).toMatchObject({
      uuid: SERIES,
      title: { en: 'Jazz late' },
      start: '2026-11-27 20:00:00',
      recurrence: JAZZ.recurrence,
    });
    expect(occurrences.map((event) => [event.title.en, event.start, event.end])).toEqual(
      SLOTS.map((slot) => ['Jazz late', `${slot} 20:00:00`, `${slot} 23:00:00`]),
    );
  });

  it('splits the series with scope following', async () => {
    const all = await createSeries();
    const fourth = all[4]!;
    const reply = await push(server, CLIENT, [
      mutation({
        op: 'update',
        uuid: fourth.uuid,
        baseRev: fourth.rev,
        scope: 'following',
        fields: { title: { en: 'New band' } },
      }),
    ]);
    expect(reply.results[0]).toMatchObject({ status: 'applied' });
    const after = await events();
    const part = after.find((event) => event.recurrence && event.uuid !== SERIES)!;
    expect(part).toMatchObject({ title: { en: 'New band' }, start: '2026-12-18 19:00:00' });
    const titles = after
      .filter((event) => event.recurrenceId)
      .map((event) => [event.uuid, event.title.en, event.parentUuid]);
    expect(titles).toEqual(
      SLOTS.map((slot, index) => [
        occurrenceUuid(SERIES, slot),
        index < 3 ? 'Jazz night' : 'New band',
        index < 3 ? SERIES : part.uuid,
      ]),
    );
  });

  it('deletes the whole series through an occurrence with scope all, one alone without', async () => {
    const [, first, second] = await createSeries();
    const alone = await push(server, CLIENT, [
      mutation({ op: 'delete', uuid: second!.uuid, baseRev: second!.rev, fields: {} }),
    ]);
    expect(alone.results[0]).toMatchObject({ status: 'applied' });
    const [series, first2] = await events();
    expect(first2!.uuid).toBe(first!.uuid);
    expect(series!.recurrence!.exdates).toEqual(['2026-12-04 19:00:00']);
    expect((await pull(server)).tombstones.map((tombstone) => tombstone.uuid)).toEqual([
      second!.uuid,
    ]);

    const reply = await push(server, CLIENT, [
      mutation({ op: 'delete', uuid: first!.uuid, baseRev: first2!.rev, scope: 'all', fields: {} }),
    ]);
    expect(reply.results[0]).toMatchObject({ status: 'applied' });
    expect(await events()).toEqual([]);
    expect((await pull(server)).tombstones).toHaveLength(SLOTS.length + 1);
  });
});
