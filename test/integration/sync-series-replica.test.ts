/**
 * Series in the replica: a series made or edited in the editor shows its occurrences at once,
 * derived with the server's rules and uuids and queued as one mutation, and the pull that
 * follows replaces them with the server's records, equal, with nothing left to send and no
 * conflict. Offline edits of all or following occurrences, deletes and refusals settle the
 * same way.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { occurrenceUuid } from '#shared/series/occurrences.ts';
import { RuleOutOfReach } from '#shared/series/recurrence.ts';
import { SeriesRuleError } from '#renderer/data/repos/series-follow.ts';
import { pullPass, pushPass } from '#renderer/data/sync/passes.ts';
import type { Link } from '../support/replica.ts';
import { pull } from '../support/sync.ts';
import {
  byUuid,
  expectSynced,
  JAZZ,
  localEventsOf,
  openSeriesReplica,
  SLOTS,
  type SeriesReplica,
} from '../support/series-replica.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let link: Link;
let replica: SeriesReplica;

beforeEach(async () => {
  server = await startTestServer({ overrides: { timezone: 'Europe/Berlin' } });
  link = { url: server.url, online: true, loseNextPushAnswer: false };
  replica = openSeriesReplica(link);
});
afterEach(async () => {
  await replica.engine.stop();
  replica.db.close();
  await server.close();
});

const localEvents = () => localEventsOf(replica);

/** The replica's occurrences of a series, by slot. */
async function occurrences(series: string): Promise<CalendarEvent[]> {
  return (await localEvents())
    .filter((event) => event.parentUuid === series)
    .sort((a, b) => a.recurrenceId!.localeCompare(b.recurrenceId!));
}

const synced = () => expectSynced(replica, server);

/** What the calendar shows of an event, and what names it. */
const shown = (event: CalendarEvent) => ({
  uuid: event.uuid,
  parentUuid: event.parentUuid,
  recurrenceId: event.recurrenceId,
  title: event.title,
  start: event.start,
  end: event.end,
  startUtc: event.startUtc,
  endUtc: event.endUtc,
  status: event.status,
  recurrence: event.recurrence,
});

describe('series in the replica', () => {
  it('shows a new series’ occurrences with the server’s uuids, and syncs them as one mutation', async () => {
    const series = await replica.records.create('event', JAZZ);
    const local = await occurrences(series);
    expect(local.map((event) => [event.uuid, event.start, event.title.en])).toEqual(
      SLOTS.map((slot) => [occurrenceUuid(series, slot), `${slot} 19:00:00`, 'Jazz night']),
    );
    expect(await replica.db.outbox.count()).toBe(1);
    // Winter time in Berlin: 19:00 is 18:00 UTC, in the month index the calendar reads.
    expect(local[0]!.startUtc).toBe('2026-11-27 18:00:00');
    expect(
      (await replica.events.between('2026-12-01 00:00:00', '2026-12-31 00:00:00')).length,
    ).toBe(4);

    const seriesLocal = (await replica.records.get('event', series)) as unknown as CalendarEvent;

    const truth = await synced();
    expect(truth.map(shown)).toEqual([...local, seriesLocal].map(shown).sort(byUuid));
  });

  it('moves every occurrence at once for an offline edit of all, equal to the server’s after sync', async () => {
    const series = await replica.records.create('event', JAZZ);
    await synced();
    link.online = false;
    const second = occurrenceUuid(series, SLOTS[1]!);
    await replica.records.update(
      'event',
      second,
      { title: { en: 'Jazz late' }, start: '2026-12-04 20:00:00', end: '2026-12-04 23:00:00' },
      { scope: 'all' },
    );
    const local = await occurrences(series);
    expect(local.map((event) => [event.uuid, event.start, event.end, event.title.en])).toEqual(
      SLOTS.map((slot) => [
        occurrenceUuid(series, slot),
        `${slot} 20:00:00`,
        `${slot} 23:00:00`,
        'Jazz late',
      ]),
    );
    const outbox = await replica.db.outbox.toArray();
    expect(outbox).toMatchObject([{ uuid: second, op: 'update', scope: 'all' }]);
    const seriesLocal = (await replica.records.get('event', series)) as unknown as CalendarEvent;
    expect(seriesLocal).toMatchObject({
      start: '2026-11-27 20:00:00',
      recurrence: JAZZ.recurrence,
    });

    link.online = true;
    const truth = await synced();
    expect(truth.map(shown)).toEqual([...local, seriesLocal].map(shown).sort(byUuid));
  });

  it('keeps an unsent edit of all over a pull, and gets the other change too', async () => {
    const series = await replica.records.create('event', JAZZ);
    await synced();
    const first = occurrenceUuid(series, SLOTS[0]!);
    await replica.records.update('event', first, { title: { en: 'Jazz late' } }, { scope: 'all' });
    // Someone else writes an occurrence's excerpt; this replica pulls before it pushes.
    const [, , third] = (await pull(server)).records.event
      .filter((event) => event.recurrenceId)
      .sort((a, b) => a.recurrenceId!.localeCompare(b.recurrenceId!));
    await server.api(`/events/${third!.id}`, { as: 'owner', json: { excerpt: 'Big band' } });
    await pullPass(replica.db, replica.transport, 'replica-test-1', 50);
    expect((await occurrences(series)).map((event) => event.title.en)).toEqual(
      Array(6).fill('Jazz late'),
    );

    const truth = await synced();
    const titles = truth.filter((event) => event.recurrenceId).map((event) => event.title.en);
    expect(titles).toEqual(Array(6).fill('Jazz late'));
    expect(truth.find((event) => event.uuid === third!.uuid)?.excerpt.en).toContain('Big band');
  });

  it('shows a following edit on the later occurrences until the server’s split arrives', async () => {
    const series = await replica.records.create('event', JAZZ);
    await synced();
    link.online = false;
    const fourth = occurrenceUuid(series, SLOTS[3]!);
    await replica.records.update(
      'event',
      fourth,
      { title: { en: 'New band' } },
      { scope: 'following' },
    );
    expect((await occurrences(series)).map((event) => event.title.en)).toEqual([
      ...Array<string>(3).fill('Jazz night'),
      ...Array<string>(3).fill('New band'),
    ]);

    link.online = true;
    const truth = await synced();
    const part = truth.find((event) => event.recurrence && event.uuid !== series)!;
    expect(part).toMatchObject({ title: { en: 'New band' }, start: '2026-12-18 19:00:00' });
    expect((await occurrences(part.uuid)).map((event) => event.uuid)).toEqual(
      SLOTS.slice(3).map((slot) => occurrenceUuid(series, slot)),
    );
  });

  it('deletes one occurrence (an EXDATE), the following ones, or all, as the server does', async () => {
    const series = await replica.records.create('event', JAZZ);
    await synced();
    link.online = false;
    await replica.records.destroy('event', occurrenceUuid(series, SLOTS[1]!));
    expect(
      ((await replica.records.get('event', series)) as unknown as CalendarEvent).recurrence
        ?.exdates,
    ).toEqual(['2026-12-04 19:00:00']);
    await replica.records.destroy('event', occurrenceUuid(series, SLOTS[4]!), {
      scope: 'following',
    });
    expect((await occurrences(series)).map((event) => event.recurrenceId?.slice(0, 10))).toEqual([
      SLOTS[0],
      SLOTS[2],
      SLOTS[3],
    ]);
    link.online = true;
    await synced();

    await replica.records.destroy('event', occurrenceUuid(series, SLOTS[2]!), { scope: 'all' });
    expect(await localEvents()).toEqual([]);
    expect(await synced()).toEqual([]);
  });

  it('trashes the whole series through an occurrence, and restores it', async () => {
    const series = await replica.records.create('event', JAZZ);
    await synced();
    const third = occurrenceUuid(series, SLOTS[2]!);
    await replica.records.update('event', third, { status: 'trash' }, { scope: 'all' });
    expect((await localEvents()).map((event) => event.status)).toEqual(Array(7).fill('trash'));
    await synced();
    await replica.records.update('event', third, { status: 'publish' }, { scope: 'all' });
    expect((await localEvents()).map((event) => event.status)).toEqual(Array(7).fill('publish'));
    await synced();
  });

  it('puts the server’s series back when it refuses an edit made through an occurrence', async () => {
    const series = await replica.records.create('event', JAZZ);
    const [before] = (await synced()).filter((event) => event.uuid === series);
    // The server changes the first occurrence's title; this replica, offline, retitles all.
    const first = (await pull(server)).records.event.find(
      (event) => event.uuid === occurrenceUuid(series, SLOTS[0]!),
    )!;
    await server.api(`/events/${first.id}`, { as: 'owner', json: { title: 'Jazz (sold out)' } });
    await replica.records.update('event', first.uuid, { title: { en: 'Mine' } }, { scope: 'all' });
    expect((await occurrences(series)).map((event) => event.title.en)).toEqual(
      Array(6).fill('Mine'),
    );

    // The push alone (no pull yet) puts back what the refused edit derived.
    const clientId = (await replica.db.meta.get('clientId'))!.value as string;
    await pushPass(replica.db, replica.transport, clientId);
    expect((await occurrences(series)).map((event) => event.title.en)).toEqual([
      'Jazz (sold out)',
      ...Array<string>(5).fill('Jazz night'),
    ]);
    expect((await replica.records.get('event', series))?.title).toEqual({ en: 'Jazz night' });

    await replica.engine.syncNow();
    expect(await replica.db.problems.toArray()).toMatchObject([{ status: 'conflict' }]);
    expect(await replica.db.shadows.count()).toBe(0);
    const truth = (await pull(server)).records.event.sort(byUuid);
    expect(await localEvents()).toEqual(truth);
    expect(truth.find((event) => event.uuid === series)).toEqual(before);
  });

  it('refuses locally a rule the server would refuse, queuing nothing', async () => {
    await expect(
      replica.records.create('event', {
        ...JAZZ,
        recurrence: { ...JAZZ.recurrence, rrule: 'FREQ=HOURLY' },
      }),
    ).rejects.toThrow(SeriesRuleError);
    await expect(
      // 30 February never comes: the server refuses it too (rule-reach.ts).
      replica.records.create('event', {
        ...JAZZ,
        recurrence: { ...JAZZ.recurrence, rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30' },
      }),
    ).rejects.toThrow(RuleOutOfReach);
    expect(await replica.db.outbox.count()).toBe(0);
    expect(await replica.db.events.count()).toBe(0);
  });
});
