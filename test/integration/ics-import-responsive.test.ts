/**
 * The server answers other requests while a 10 MB ICS file is imported (issue 43). The file's
 * reading, ical.js's share (about a second here), runs in a worker thread; the write that
 * follows is one transaction on the server's thread (the services' rules, all or nothing). A
 * GET sent when the reading thread starts (the server runs in this process, which tells of
 * each new thread) is answered before the import is: no timed bound on speed, only the order
 * of two answers. Without the thread the file is read on the server's thread and no thread
 * starts.
 */
import { request as httpRequest } from 'node:http';
import type { Worker } from 'node:worker_threads';
import { READER_THREAD } from '#server/transfer/ics/ics-read-aside.ts';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { OWNER_TOKEN, startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ overrides: { timezone: 'Europe/Berlin' } });
});
afterEach(() => server.close());

/** About `bytes` of ICS: concerts on 700 days, each with a description and a venue. */
function bigIcs(bytes: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Big//EN'];
  let size = 0;
  for (let index = 0; size < bytes; index += 1) {
    const day = new Date(Date.UTC(2027, 0, 1) + (index % 700) * 86_400_000);
    const date = day.toISOString().slice(0, 10).replaceAll('-', '');
    const vevent = [
      ...['BEGIN:VEVENT', `UID:big-${index}@example.org`, 'DTSTAMP:20261120T100000Z'],
      ...[`DTSTART:${date}T180000Z`, `DTEND:${date}T200000Z`, `SUMMARY:Konzert ${index}`],
      `DESCRIPTION:Ein Abend mit Musik und Gesprächen, Nummer ${index}. Eintritt frei.`,
      ...['LOCATION:Stadthalle, Hauptstraße 1, Springfield', 'END:VEVENT'],
    ];
    lines.push(...vevent);
    size += vevent.join('\r\n').length + 2;
  }
  return [...lines, 'END:VCALENDAR', ''].join('\r\n');
}

/** Sends a request; resolves with its status when the answer has arrived whole. */
function send(
  method: string,
  path: string,
  body?: Buffer,
): Promise<{ status: number; at: number }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { authorization: `Bearer ${OWNER_TOKEN}`, 'content-type': 'text/calendar' },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, at: performance.now() }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

it('answers a GET while a 10 MB ICS file is being read for its import', async () => {
  const file = Buffer.from(bigIcs(10_000_000));
  const reading = new Promise<void>((resolve) => {
    const started = (worker: Worker) => {
      if (worker.threadName !== READER_THREAD) return;
      process.off('worker', started);
      resolve();
    };
    process.on('worker', started);
  });
  // The preview: it reads and writes the file as the import does, then rolls back. (An import
  // also copies a snapshot aside first, in a thread of its own, which would start first.)
  const importing = send('POST', '/wp-json/marquee/v1/import?format=ics&dryRun=true', file);
  await reading;
  const asked = performance.now();
  const listing = await send('GET', '/wp-json/tribe/events/v1/venues?per_page=1');
  const imported = await importing;
  expect(listing.status).toBe(200);
  expect(imported.status).toBe(200);
  expect(listing.at, 'the GET was answered before the import').toBeLessThan(imported.at);
  console.log(
    `GET answered in ${Math.round(listing.at - asked)} ms; the import ${Math.round(imported.at - asked)} ms after it was sent`,
  );
}, 120_000);
