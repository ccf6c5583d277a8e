/**
 * The calendar's summary (GET marquee/v1/health) counts events as the calendar shows them: a
 * series is its occurrences, not one event more.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createEvent } from '../support/events.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

it('counts a series of three and a single event as four events', async () => {
  await createEvent(server, {
    title: 'Weekly',
    start_date: '2027-02-05 19:00:00',
    end_date: '2027-02-05 21:00:00',
    recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3' },
  });
  await createEvent(server, {
    title: 'Once',
    start_date: '2027-02-06 19:00:00',
    end_date: '2027-02-06 21:00:00',
  });
  const health = await server.request('/wp-json/marquee/v1/health');
  expect((health.body as { counts: { events: number } }).counts.events).toBe(4);
});
