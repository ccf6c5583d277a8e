/**
 * Series through the REST API for the series tests: the event as they read it, a weekly series
 * to make, and its occurrences.
 */
import { expect } from 'vitest';
import type { TestServer } from './test-server.ts';

export type Event = {
  id: number;
  title: string;
  excerpt: string;
  slug: string;
  status: string;
  start_date: string;
  end_date: string;
  utc_start_date: string;
  recurrence?: { rrule: string; rdates: string[]; exdates: string[] };
  series?: { id: number; recurrence_id: string };
};
export type List = { events: Event[]; total: number };

/** Jazz every Friday at 19:00 for 3 hours, from 27 November 2026, six times. */
export const JAZZ = {
  title: 'Jazz night',
  start_date: '2026-11-27 19:00:00',
  end_date: '2026-11-27 22:00:00',
  recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=6' },
};

export async function createSeries(server: TestServer, body: object = JAZZ): Promise<Event> {
  const reply = await server.api('/events', { as: 'editor', json: body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body as Event;
}

export async function occurrencesOf(server: TestServer, id: number): Promise<Event[]> {
  const reply = await server.api(`/events?post_parent=${id}&per_page=50&start_date=2020-01-01`, {
    as: 'editor',
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body as List).events;
}
