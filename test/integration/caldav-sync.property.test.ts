/**
 * sync-collection keeps a phone in step whatever happens between its syncs: random edits through
 * REST (events, series, their occurrences, the trash), through CalDAV and through the editor's
 * replica (its sync), and after each round the phone's copy (every href with its ETag, brought
 * up to date by the delta alone) equals the calendar's full listing, and the editor's replica,
 * synced, holds what the server holds.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openReplica, type Replica } from '../support/replica.ts';
import { pull } from '../support/sync.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const CALENDAR = '/dav/calendars/events/';
let server: TestServer;
let replica: Replica;
beforeAll(async () => {
  server = await startTestServer();
  replica = openReplica({ url: server.url, online: true, loseNextPushAnswer: false });
});
afterAll(async () => {
  await replica.engine.stop();
  replica.db.close();
  await server.close();
});

const basic = () =>
  `Basic ${Buffer.from(`editor token:${server.tokens.editor}`).toString('base64')}`;

async function dav(path: string, method: string, body?: string, headers = {}) {
  const reply = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: basic(), ...headers },
    ...(body === undefined ? {} : { body }),
  });
  return { status: reply.status, text: await reply.text(), etag: reply.headers.get('etag') };
}

/** href → ETag of each response that has one; hrefs answered 404 map to undefined. */
function members(xml: string): Map<string, string | undefined> {
  const found = new Map<string, string | undefined>();
  for (const [, response] of xml.matchAll(/<d:response>(.*?)<\/d:response>/gs)) {
    const href = /<d:href>(.*?)<\/d:href>/.exec(response!)![1]!;
    if (href.endsWith('/')) continue;
    found.set(href, /<d:getetag>(.*?)<\/d:getetag>/.exec(response!)?.[1]);
  }
  return found;
}

const syncBody = (token: string) =>
  `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;

async function sync(token: string) {
  const reply = await dav(CALENDAR, 'REPORT', syncBody(token));
  expect(reply.status).toBe(207);
  return {
    members: members(reply.text),
    token: /<d:sync-token>(.*?)<\/d:sync-token>/.exec(reply.text)![1]!,
  };
}

const ics = (uid: string, title: string, day: number) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Phone//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261120T100000Z',
    `DTSTART:202612${String(day).padStart(2, '0')}T180000Z`,
    `DTEND:202612${String(day).padStart(2, '0')}T190000Z`,
    `SUMMARY:${title}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');

type Create = {
  op: 'restCreate' | 'restSeries' | 'davCreate' | 'replicaCreate';
  title: string;
  day: number;
};
type Change = {
  op: 'restUpdate' | 'davUpdate' | 'restTrash' | 'davDelete' | 'occurrenceEdit' | 'replicaUpdate';
  /** Which object or event, modulo how many there are. */
  pick: number;
  title: string;
};
type Step = Create | Change;

const title = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,11}$/);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constantFrom(
      'restCreate' as const,
      'restSeries' as const,
      'davCreate' as const,
      'replicaCreate' as const,
    ),
    title,
    day: fc.integer({ min: 1, max: 20 }),
  }),
  fc.record({
    op: fc.constantFrom(
      'restUpdate' as const,
      'davUpdate' as const,
      'restTrash' as const,
      'davDelete' as const,
      'occurrenceEdit' as const,
      'replicaUpdate' as const,
    ),
    pick: fc.nat(),
    title,
  }),
);

let made = 0;

async function listedIds(): Promise<{ id: number; parent: number | null }[]> {
  const reply = await server.api('/events?start_date=2026-01-01&per_page=100', { as: 'editor' });
  return (reply.body as { events: { id: number; series?: { id: number } }[] }).events.map(
    (event) => ({ id: event.id, parent: event.series?.id ?? null }),
  );
}

async function create(step: Create): Promise<void> {
  const day = (n: number) => `2026-12-${String(n).padStart(2, '0')}`;
  if (step.op === 'replicaCreate') {
    await replica.repo.create('event', {
      title: { en: step.title },
      status: 'publish',
      start: `${day(step.day)} 12:00:00`,
      end: `${day(step.day)} 13:00:00`,
      timezone: 'UTC',
    });
    await replica.engine.syncNow();
  } else if (step.op === 'davCreate') {
    made += 1;
    const uid = `phone-${made}`;
    await dav(`${CALENDAR}${uid}.ics`, 'PUT', ics(uid, step.title, step.day), {
      'if-none-match': '*',
    });
  } else
    await server.api('/events', {
      as: 'editor',
      json: {
        title: step.title,
        start_date: `${day(step.day)} 10:00:00`,
        end_date: `${day(step.day)} 11:00:00`,
        ...(step.op === 'restSeries'
          ? { recurrence: { rrule: 'FREQ=DAILY;COUNT=3', exdates: [] } }
          : {}),
      },
    });
}

async function run(step: Step, phone: Map<string, string | undefined>): Promise<void> {
  const hrefs = [...phone.keys()].sort();
  if ('day' in step) await create(step);
  else if (step.op === 'replicaUpdate') {
    // An edit on the replica as it is (maybe behind the server: a conflict is the user's to
    // see, and the server's version is taken below).
    const held = (await replica.db.events.orderBy('uuid').toArray()).filter(
      (event) => event.status !== 'trash' && !event.recurrence,
    );
    const event = held[step.pick % Math.max(1, held.length)];
    if (!event) return;
    await replica.repo.update('event', event.uuid, { title: { en: step.title } });
    await replica.engine.syncNow();
  } else if (step.op === 'davUpdate' || step.op === 'davDelete') {
    const href = hrefs[step.pick % Math.max(1, hrefs.length)];
    if (!href) return;
    const current = await dav(href, 'GET');
    // Gone since the phone's last sync (trashed in this round): its edit has nothing to change.
    if (current.status === 404) return;
    const ifMatch = { 'if-match': current.etag ?? '' };
    if (step.op === 'davDelete') await dav(href, 'DELETE', undefined, ifMatch);
    else {
      const text = current.text.replace(/SUMMARY:[^\r]*/, `SUMMARY:${step.title}`);
      const put = await dav(href, 'PUT', text, ifMatch);
      expect(put.status, put.text).toBe(204);
    }
  } else {
    const events = await listedIds();
    const pool =
      step.op === 'occurrenceEdit' ? events.filter((event) => event.parent !== null) : events;
    const event = pool[step.pick % Math.max(1, pool.length)];
    if (!event) return;
    if (step.op === 'restTrash')
      await server.api(`/events/${event.id}`, { as: 'editor', method: 'DELETE' });
    else
      await server.api(`/events/${event.id}`, {
        as: 'editor',
        json: { title: step.op === 'restUpdate' ? step.title : `Moved ${step.pick}` },
      });
  }
}

it('keeps the phone equal to the calendar through any edits, by deltas alone', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.array(step, { maxLength: 4 }), { maxLength: 5 }),
      async (rounds) => {
        const first = await sync('');
        const phone = first.members;
        let token = first.token;
        for (const round of rounds) {
          for (const one of round) await run(one, phone);
          const delta = await sync(token);
          token = delta.token;
          for (const [href, etag] of delta.members)
            if (etag === undefined) phone.delete(href);
            else phone.set(href, etag);
          const full = await dav(CALENDAR, 'PROPFIND', undefined, { depth: '1' });
          expect(new Map([...phone].sort())).toEqual(new Map([...members(full.text)].sort()));
          // The editor's replica: its conflicts decided for the server's version, then synced,
          // it holds every event as the server does.
          for (const problem of await replica.problems.list())
            await replica.problems.takeServer(problem.mutationId);
          await replica.engine.syncNow();
          const truth = await pull(server, '0', { as: 'owner', limit: 5000 });
          const titles = (events: readonly { uuid: string; title: unknown; rev: number }[]) =>
            new Map(events.map((event) => [event.uuid, [event.title, event.rev]]));
          expect(titles(await replica.db.events.toArray())).toEqual(
            titles(
              truth.records.event as unknown as { uuid: string; title: unknown; rev: number }[],
            ),
          );
        }
      },
    ),
    { numRuns: 40 },
  );
}, 120_000);
