/**
 * A replica's large pull page does not hold the server's thread: the page's records are read a
 * slice at a time, and the thread is handed back between slices. The server runs in this
 * process, so a probe scheduled once per turn of the event loop can see how far the page's
 * statements got each time it runs: held in one stretch, it sees them all done at once.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { pullResponseSchema } from '#shared/schemas/sync.ts';
import { QUIET_PEERS, startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer(QUIET_PEERS);
});
afterEach(async () => {
  await server.close();
});

const COUNT = 1000;

const ics = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Marquee test//EN',
  ...Array.from({ length: COUNT }, (_, n) => [
    'BEGIN:VEVENT',
    `UID:paced-${n}@example.com`,
    `DTSTART:20270301T${String(10 + (n % 10)).padStart(2, '0')}0000Z`,
    `DTEND:20270301T${String(11 + (n % 10)).padStart(2, '0')}0000Z`,
    `SUMMARY:Night ${n}`,
    'END:VEVENT',
  ]).flat(),
  'END:VCALENDAR',
  '',
].join('\r\n');

it('reads a page of a thousand records in slices, handing the thread back between them', async () => {
  const imported = await server.request('/wp-json/marquee/v1/import?format=ics', {
    as: 'owner',
    text: ics,
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(201);

  // The server's statement count, once per turn of the event loop, while the pull is asked.
  const seen = new Set<number>();
  let asking = true;
  const probe = () => {
    seen.add(server.statementCount());
    if (asking) setImmediate(probe);
  };
  const before = server.statementCount();
  probe();
  const reply = await server.request(`/wp-json/marquee/v1/sync/pull?since=0&limit=${COUNT}`, {
    as: 'owner',
  });
  asking = false;
  const page = pullResponseSchema.parse(reply.body);
  expect(page.records.event).toHaveLength(COUNT);
  // In one stretch, the probe would see the count before the page and after it, no more.
  const between = [...seen].filter((count) => count > before);
  expect(between.length, `counts seen: ${[...seen].join(', ')}`).toBeGreaterThan(5);
});
