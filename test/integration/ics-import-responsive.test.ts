/**
 * The server answers other requests while a 10 MB ICS file (about 35,000 events) is imported.
 * The file is read and written in a worker thread, the write through the same
 * domain services over a connection of its own, in one transaction; the server's thread reads
 * what is committed meanwhile, and its writes wait for the import without holding the thread.
 *
 * No timed bound on speed, only order and progress: a GET sent when the import's thread starts
 * is answered before the import; while the write is under way (the WAL grows by pages the open
 * transaction spills from its cache, before any commit) GETs, one after another, are answered
 * with the calendar as it was, so the write had not committed when they were answered; a POST
 * sent then is answered 201 after them, and lands after the import. A write that fails late (the
 * file's last event refused by the services) leaves nothing of the file. A server stopped in
 * the middle of the write: import-stop.test.ts.
 */
import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import { IMPORT_THREAD } from '#server/transfer/import/import-aside.ts';
import { afterEach, expect, it } from 'vitest';
import {
  bigIcs,
  concert,
  EVENTS,
  IMPORT,
  listed,
  send,
  type Answer,
} from '../support/big-import.ts';
import { writeUnderWay } from '../support/wal-watch.ts';
import { OWNER_TOKEN, startTestServer, type TestServer } from '../support/test-server.ts';

const TIMEOUT_MS = 180_000;

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The sync stream's change events (the revisions it pokes clients with), as they come. */
function changeStream(url: string): { seqs: number[]; close(): void } {
  const { port } = new URL(url);
  const seqs: number[] = [];
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    path: '/wp-json/marquee/v1/sync/stream',
    headers: { authorization: `Bearer ${OWNER_TOKEN}` },
  });
  request.on('response', (response) => {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      for (const [, seq] of chunk.matchAll(/event: change\ndata: \{"seq":(\d+)\}/g))
        seqs.push(Number(seq));
    });
  });
  request.on('error', () => undefined); // closed by the test
  request.end();
  return { seqs, close: () => request.destroy() };
}

/**
 * While `importing` runs: GETs one after another, and one POST sent with the first. Returns the
 * GETs' totals and times, the POST's answer and the import's.
 */
async function readAndWriteDuring(url: string, importing: Promise<Answer>, title: string) {
  let imported: Answer | undefined;
  void importing.then((answer) => (imported = answer));
  const writing = send(url, 'POST', EVENTS, concert(title));
  const reads: { total: number; at: number }[] = [];
  while (!imported) reads.push(await listed(url));
  return { reads, written: await writing, imported: await importing };
}

it(
  'answers a GET while a 10 MB ICS file is being read for its import',
  async () => {
    server = await startTestServer({ overrides: { timezone: 'Europe/Berlin' } });
    const { text } = bigIcs(10_000_000);
    const reading = new Promise<void>((resolve) => {
      const started = (worker: Worker) => {
        if (worker.threadName !== IMPORT_THREAD) return;
        process.off('worker', started);
        resolve();
      };
      process.on('worker', started);
    });
    // The preview: it reads and writes the file as the import does, then rolls back.
    const importing = send(server.url, 'POST', `${IMPORT}&dryRun=true`, text);
    await reading;
    const asked = performance.now();
    const listing = await send(server.url, 'GET', '/wp-json/tribe/events/v1/venues?per_page=1');
    const imported = await importing;
    expect(listing.status).toBe(200);
    expect(imported.status).toBe(200);
    expect(listing.at, 'the GET was answered before the import').toBeLessThan(imported.at);
    console.log(
      `GET answered in ${Math.round(listing.at - asked)} ms; the import ${Math.round(imported.at - asked)} ms after it was sent`,
    );
  },
  TIMEOUT_MS,
);

it(
  'answers GETs while the import writes, and a POST sent meanwhile after it, not lost',
  async () => {
    server = await startTestServer({ overrides: { timezone: 'Europe/Berlin' } });
    const { url, dataDir } = server;
    const running = server;
    expect((await listed(url)).total).toBe(0);
    // An anonymous list, now kept in the response cache.
    const anonymous = async (query = '') =>
      (await running.api(`/events?per_page=1${query}`)).headers.get('x-tec-total');
    expect(await anonymous()).toBe('0');
    const stream = changeStream(url);
    const { text, events } = bigIcs(10_000_000);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    const importing = send(url, 'POST', IMPORT, text);
    await writeUnderWay(dataDir, importing);
    loop.enable();
    const { reads, written, imported } = await readAndWriteDuring(url, importing, 'Sent during');
    loop.disable();

    expect(imported.status, imported.body.slice(0, 300)).toBe(201);
    expect(JSON.parse(imported.body)).toMatchObject({ events: { new: events } });
    // Answered one after another while the import's transaction was open: the calendar as it
    // was, so the thread went on answering during the write, not only after it.
    const during = reads.filter((read) => read.total === 0);
    const seen = reads.map((read) => read.total).join(', ');
    expect(reads.slice(0, during.length), `totals seen: ${seen}`).toEqual(during);
    expect(during.length, `totals seen: ${seen}`).toBeGreaterThanOrEqual(3);
    // The write waited for the import (it holds the database) without failing, and landed.
    expect(written.status, written.body.slice(0, 300)).toBe(201);
    expect(written.at).toBeGreaterThan(Math.max(...during.map((read) => read.at)));
    expect((await listed(url)).total).toBe(events + 1);
    // What the server's thread keeps moved on with the import's commit: the cached answer, and
    // the stream poked clients with the import's revision, then the POST's.
    const fresh = await anonymous('&page=1'); // another URL: never kept before
    expect(Number(fresh)).toBeGreaterThan(0);
    expect(await anonymous()).toBe(fresh);
    await expect.poll(() => stream.seqs.length).toBe(2);
    expect(stream.seqs[1]).toBe(stream.seqs[0]! + 1);
    stream.close();
    console.log(
      `${during.length} GETs answered during the write; the server's longest event-loop stall meanwhile ${Math.round(loop.max / 1e6)} ms`,
    );
  },
  TIMEOUT_MS,
);

it(
  'writes nothing of a file whose last event the services refuse, and lands a POST sent meanwhile',
  async () => {
    server = await startTestServer({ overrides: { timezone: 'Europe/Berlin' } });
    const { url, dataDir } = server;
    const long = 'Ein sehr langer Titel '.repeat(30);
    const last = [
      ...['BEGIN:VEVENT', 'UID:too-long@example.org', 'DTSTAMP:20261120T100000Z'],
      ...['DTSTART:20280101T180000Z', 'DTEND:20280101T200000Z', `SUMMARY:${long}`, 'END:VEVENT'],
    ];
    const { text, events } = bigIcs(10_000_000, last);
    const importing = send(url, 'POST', IMPORT, text);
    await writeUnderWay(dataDir, importing);
    const { reads, written, imported } = await readAndWriteDuring(url, importing, 'Meanwhile');

    expect(imported.status, imported.body.slice(0, 300)).toBe(400);
    const refusal = JSON.parse(imported.body) as { code: string; data: { problems: unknown[] } };
    // Three lines of header, nine per event before it: its BEGIN:VEVENT's line.
    const line = 3 + events * 9 + 1;
    expect(refusal).toMatchObject({
      code: 'marquee_import_invalid',
      data: { problems: [{ line, message: expect.stringContaining('title') as unknown }] },
    });
    // Before the rollback nothing new, after it the POST alone: never an event of the file.
    expect(reads.filter((read) => read.total > 1)).toEqual([]);
    expect(written.status, written.body.slice(0, 300)).toBe(201);
    // Only the POST: nothing of the file, and the snapshot taken before it is gone again.
    expect((await listed(url)).total).toBe(1);
    const snapshots = join(dataDir, 'backups');
    const kept = existsSync(snapshots) ? readdirSync(snapshots) : [];
    expect(kept.filter((name) => name.includes('before-import'))).toEqual([]);
  },
  TIMEOUT_MS,
);
