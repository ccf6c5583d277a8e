/** Helpers for event tests: create through the API, parse answers with the wire schemas. */
import { expect } from 'vitest';
import { tecEventListSchema, tecEventSchema, type TecEvent } from '#shared/tec/event.ts';
import type { Caller, Reply, TestServer } from './test-server.ts';

export const eventOf = (reply: Reply) => tecEventSchema.parse(reply.body);
export const eventListOf = (reply: Reply) => tecEventListSchema.parse(reply.body);

export async function createEvent(
  server: TestServer,
  body: Record<string, unknown>,
  as: Caller = 'owner',
): Promise<TecEvent> {
  const reply = await server.api('/events', { as, json: body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return eventOf(reply);
}

/** `YYYY-MM-DD HH:MM:SS` of TEST_NOW (2026-11-20 10:00 UTC) plus days and hours, in UTC. */
export function at(days: number, hours = 0): string {
  const date = new Date(Date.UTC(2026, 10, 20, 10) + (days * 24 + hours) * 3_600_000);
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

export async function titles(
  server: TestServer,
  query: string,
  as: Caller = 'anonymous',
): Promise<string[]> {
  const reply = await server.api(`/events${query}`, { as });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return eventListOf(reply).events.map((event) => event.title);
}

/** One event linked to one of each kind (venue, organizer, category, tag), for the route tests. */
export function createAnchorEvent(server: TestServer): Promise<TecEvent> {
  return createEvent(server, {
    title: 'Anchor',
    start_date: at(1),
    end_date: at(1, 1),
    venue: { venue: 'V' },
    organizer: [{ organizer: 'O' }],
    categories: 'C',
    tags: 'T',
  });
}
