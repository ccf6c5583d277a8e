/**
 * An occurrence edited alone (an exception) keeps its own changes through the hub, with real
 * servers (a hub and two laptops, each its own `marquee serve` process): an Outlook file's
 * moved and renamed session, imported on a laptop while connected, before it joins a hub that
 * already has the series, and after the series went through the hub, reaches the hub and the
 * other laptop as the import made it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  ADMIN,
  connect,
  contents,
  hubSync,
  kill,
  startNode,
  stopAll,
  tokenOn,
  type Json,
  type Node,
} from '../support/hub-cluster.ts';

// Several servers a test, each its own process: more than the project's 30 s on a busy machine.
afterEach(stopAll, 30_000);

const MANUAL = { env: { MARQUEE_HUB_POLL_SECONDS: '0' } };

const UID = '040000008200E00074C5B7101A82E00800000000B1';

/** Outlook's weekly rehearsal, its zone by Windows name with its VTIMEZONE. */
const SERIES = [
  'BEGIN:VEVENT',
  `UID:${UID}`,
  'DTSTAMP:20261101T120000Z',
  'DTSTART;TZID=W. Europe Standard Time:20270114T193000',
  'DTEND;TZID=W. Europe Standard Time:20270114T213000',
  'RRULE:FREQ=WEEKLY;COUNT=6;BYDAY=TH',
  'SUMMARY:Choir rehearsal',
  'END:VEVENT',
];

/** The 4 February session moved an hour later and renamed (a RECURRENCE-ID override). */
const MOVED = [
  'BEGIN:VEVENT',
  `UID:${UID}`,
  'DTSTAMP:20261102T120000Z',
  'RECURRENCE-ID;TZID=W. Europe Standard Time:20270204T193000',
  'DTSTART;TZID=W. Europe Standard Time:20270204T203000',
  'DTEND;TZID=W. Europe Standard Time:20270204T223000',
  'SUMMARY:Choir rehearsal (later start)',
  'SEQUENCE:1',
  'END:VEVENT',
];

const calendar = (...events: string[][]) =>
  [
    'BEGIN:VCALENDAR',
    'PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN',
    'VERSION:2.0',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    'TZID:W. Europe Standard Time',
    'BEGIN:STANDARD',
    'DTSTART:16011028T030000',
    'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
    'TZOFFSETFROM:+0200',
    'TZOFFSETTO:+0100',
    'END:STANDARD',
    'BEGIN:DAYLIGHT',
    'DTSTART:16010325T020000',
    'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0200',
    'END:DAYLIGHT',
    'END:VTIMEZONE',
    ...events.flat(),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

/** A file through the API's import door, as the editor's import dialog sends it. */
async function importFile(node: Node, format: 'ics' | 'json', text: string): Promise<Json> {
  const reply = await fetch(`${node.url}/wp-json/marquee/v1/import?format=${format}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/octet-stream' },
    body: text,
  });
  const body = (await reply.json()) as Json;
  expect(reply.status, JSON.stringify(body)).toBe(201);
  return body;
}

/** The 4 February occurrence (its slot, wherever it was moved) as a calendar holds it. */
async function fourthOfFebruary(node: Node): Promise<Json | undefined> {
  const held = await contents(node);
  return Object.values(held.event!).find((event) => event.recurrenceId === '2027-02-04 19:30:00');
}

const AS_IMPORTED = {
  title: { en: 'Choir rehearsal (later start)' },
  start: '2027-02-04 20:30:00',
  end: '2027-02-04 22:30:00',
  timezone: 'Europe/Berlin',
  recurrenceId: '2027-02-04 19:30:00',
};

/** Every calendar has the moved session, and all hold the same records. */
async function expectMovedEverywhere(nodes: Node[]): Promise<void> {
  for (const node of nodes)
    expect(await fourthOfFebruary(node), node.name).toMatchObject(AS_IMPORTED);
  const [first, ...others] = await Promise.all(nodes.map(contents));
  for (const other of others) expect(other).toEqual(first);
  for (const laptop of nodes.filter((node) => node.name !== 'hub')) {
    const log = (await laptop.api('marquee/v1/hub/log?limit=200')).body as unknown as {
      action: string;
    }[];
    expect(log.filter((entry) => ['refused', 'conflict'].includes(entry.action))).toEqual([]);
  }
}

describe('a series with a moved occurrence', { timeout: 90_000 }, () => {
  it('imported on a connected laptop, reaches the hub and the other laptop moved', async () => {
    const hub = await startNode('hub', MANUAL);
    const anna = await startNode('anna', MANUAL);
    const ben = await startNode('ben', MANUAL);
    await connect(anna, hub, (await tokenOn(hub, 'Laptop Anna')).token);
    await connect(ben, hub, (await tokenOn(hub, 'Laptop Ben')).token);
    await importFile(anna, 'ics', calendar(SERIES, MOVED));
    expect(await fourthOfFebruary(anna)).toMatchObject(AS_IMPORTED);
    // Anna's pass sends the series, the next brings the hub's occurrences back; Ben's gets all.
    await hubSync(anna);
    await hubSync(anna);
    await hubSync(ben);
    await expectMovedEverywhere([anna, hub, ben]);
    for (const laptop of [anna, ben])
      expect(await hubSync(laptop)).toMatchObject({ sent: 0, received: 0, conflicts: 0 });
  });

  it('made on a laptop that joins a hub already holding the series', async () => {
    const hub = await startNode('hub', MANUAL);
    const anna = await startNode('anna', MANUAL);
    const ben = await startNode('ben', MANUAL);
    // The hub is set up from Anna's backup, taken before she imported Outlook's move.
    await importFile(anna, 'ics', calendar(SERIES));
    const backup = await fetch(`${anna.url}/wp-json/marquee/v1/export?format=json`, {
      headers: { authorization: `Bearer ${ADMIN}` },
    });
    await importFile(hub, 'json', await backup.text());
    await importFile(anna, 'ics', calendar(SERIES, MOVED));
    await connect(ben, hub, (await tokenOn(hub, 'Laptop Ben')).token);
    await connect(anna, hub, (await tokenOn(hub, 'Laptop Anna')).token);
    await hubSync(anna);
    await hubSync(ben);
    await expectMovedEverywhere([anna, hub, ben]);
  });

  it('made while connected, after the series went through the hub', async () => {
    const hub = await startNode('hub', MANUAL);
    const anna = await startNode('anna', MANUAL);
    const ben = await startNode('ben', MANUAL);
    await connect(anna, hub, (await tokenOn(hub, 'Laptop Anna')).token);
    await connect(ben, hub, (await tokenOn(hub, 'Laptop Ben')).token);
    await importFile(anna, 'ics', calendar(SERIES));
    await hubSync(anna);
    await hubSync(ben);
    // Only Anna's first pass ran: the hub's occurrences have not come back to her yet.
    await importFile(anna, 'ics', calendar(SERIES, MOVED));
    await hubSync(anna);
    await hubSync(ben);
    await hubSync(anna);
    await expectMovedEverywhere([anna, hub, ben]);
  });

  for (const point of ['push-intent', 'push-sent']) {
    it(`imported on a laptop killed at ${point} of its first pass, arrives moved`, async () => {
      const hub = await startNode('hub', MANUAL);
      let anna = await startNode('anna', MANUAL);
      const ben = await startNode('ben', MANUAL);
      await connect(anna, hub, (await tokenOn(hub, 'Laptop Anna')).token);
      await connect(ben, hub, (await tokenOn(hub, 'Laptop Ben')).token);
      await importFile(anna, 'ics', calendar(SERIES, MOVED));
      // The series and the moved session go in one push: stored, then cut off there.
      await kill(anna);
      const crashing = await startNode('anna', {
        dataDir: anna.dataDir,
        env: { ...MANUAL.env, MARQUEE_HUB_CRASH_AT: point },
      });
      await crashing.api('marquee/v1/hub/sync', { json: {} }).catch(() => undefined);
      expect((await crashing.server.exit).signal).toBe('SIGKILL');
      anna = await startNode('anna', { dataDir: anna.dataDir, ...MANUAL });
      await hubSync(anna);
      await hubSync(anna);
      await hubSync(ben);
      await expectMovedEverywhere([anna, hub, ben]);
    });
  }
});
