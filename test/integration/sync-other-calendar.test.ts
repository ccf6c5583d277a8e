/**
 * One address, two calendars: a port on this computer serves one data folder, later another.
 * The replica of the first must not send the second the changes typed for the first, nor take
 * the second's records: the server refuses a replica of another calendar (409, naming its own),
 * the engine stops and says which calendar is there now, and the first calendar's unsent changes
 * wait in their replica until that calendar is served again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { at, createEvent } from '../support/events.ts';
import { openReplica, type Link, type Replica } from '../support/replica.ts';
import { pull } from '../support/sync.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { expectError } from '../support/venues.ts';

let first: TestServer;
let second: TestServer;
const replicas: Replica[] = [];

beforeEach(async () => {
  [first, second] = await Promise.all([startTestServer(), startTestServer()]);
});
afterEach(async () => {
  for (const replica of replicas.splice(0)) {
    await replica.engine.stop();
    replica.db.close();
  }
  await Promise.all([first.close(), second.close()]);
});

const gig = (title: string) => ({
  title: { en: title },
  start: '2026-12-01 20:00:00',
  end: '2026-12-01 22:00:00',
});

async function titlesOn(server: TestServer): Promise<string[]> {
  const reply = await server.api('/events?per_page=50&status=publish', { as: 'owner' });
  return (reply.body as { events: { title: string }[] }).events.map((event) => event.title).sort();
}

async function titlesIn(replica: Replica): Promise<string[]> {
  const events = (await replica.db.table('events').toArray()) as CalendarEvent[];
  return events.map((event) => event.title.en ?? '').sort();
}

describe('the server', () => {
  it('names its calendar in every pull, the same each time', async () => {
    const [once, again, other] = [await pull(first), await pull(first), await pull(second)];
    expect(once.calendar).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.calendar).toBe(once.calendar);
    expect(other.calendar).not.toBe(once.calendar);
  });

  it('refuses a pull or a push for another calendar, and applies nothing of it', async () => {
    await createEvent(second, { title: 'Only here', start_date: at(1), end_date: at(1, 2) });
    const mine = (await pull(first)).calendar;
    const theirs = (await pull(second)).calendar;

    const pulled = await second.request(`/wp-json/marquee/v1/sync/pull?since=0&calendar=${mine}`, {
      as: 'editor',
    });
    expectError(pulled, 409, 'marquee_sync_other_calendar');
    expect((pulled.body as { data: { calendar: string } }).data.calendar).toBe(theirs);

    const pushed = await second.request('/wp-json/marquee/v1/sync/push', {
      as: 'editor',
      json: {
        clientId: 'replica-of-the-first',
        calendar: mine,
        mutations: [
          {
            kind: 'event',
            op: 'create',
            uuid: crypto.randomUUID(),
            baseRev: 0,
            mutationId: 1,
            fields: gig('Typed for the first'),
          },
        ],
      },
    });
    expectError(pushed, 409, 'marquee_sync_other_calendar');
    expect(await titlesOn(second)).toEqual(['Only here']);
  });
});

describe('a replica whose address now serves another calendar', () => {
  it('keeps its calendar’s unsent changes for it, and takes nothing of the other', async () => {
    await createEvent(second, { title: 'The second’s', start_date: at(1), end_date: at(1, 2) });
    const link: Link = { url: first.url, online: true, loseNextPushAnswer: false };
    const told: string[] = [];
    const replica = openReplica(link, { onOtherCalendar: (calendar) => told.push(calendar) });
    replicas.push(replica);
    await replica.repo.create('event', gig('Sent to the first'));
    await replica.engine.syncNow();
    expect(await titlesOn(first)).toEqual(['Sent to the first']);

    // The first calendar's server stops; the second is served at its address.
    link.online = false;
    await replica.repo.create('event', gig('Typed while away'));
    await replica.engine.syncNow();
    link.url = second.url;
    link.online = true;
    await replica.engine.syncNow();

    expect(told).toEqual([(await pull(second)).calendar]);
    expect(replica.engine.status()).toMatchObject({
      online: false,
      pending: 1,
      refusal: 'marquee_sync_other_calendar',
    });
    expect(await titlesOn(second)).toEqual(['The second’s']);
    expect(await titlesIn(replica)).toEqual(['Sent to the first', 'Typed while away']);

    // The second calendar gets a replica of its own; the first's, served again, sends its change.
    const fresh = openReplica({ ...link });
    replicas.push(fresh);
    await fresh.engine.syncNow();
    expect(await titlesIn(fresh)).toEqual(['The second’s']);

    link.url = first.url;
    replica.engine.start();
    await replica.engine.syncNow();
    expect(replica.engine.status()).toMatchObject({ online: true, pending: 0 });
    expect(await titlesOn(first)).toEqual(['Sent to the first', 'Typed while away']);
    expect(await titlesOn(second)).toEqual(['The second’s']);
  });
});
