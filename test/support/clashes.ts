/** Helpers for the double-booking tests: a server, venues and events written as the owner. */
import { expect } from 'vitest';
import type { Reply, TestServer } from './test-server.ts';

export type Body = { id: number; [key: string]: unknown };

export const bodyOf = (reply: Reply, status: number): Body => {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  return reply.body as Body;
};

/** A venue named Main Hall (or as `fields` say) with Marquee's booking fields; its id. */
export async function venue(server: TestServer, fields: Record<string, unknown> = {}) {
  const reply = await server.api('/venues?marquee_clashes=1', {
    as: 'owner',
    json: { venue: 'Main Hall', ...fields },
  });
  return bodyOf(reply, 201).id;
}

/** A choir rehearsal at a venue, 19:00–21:00 on 2026-12-10 (UTC). */
export const choir = (venueId: number): Record<string, unknown> => ({
  title: 'Choir Rehearsal',
  start_date: '2026-12-10 19:00:00',
  end_date: '2026-12-10 21:00:00',
  venue: venueId,
});

/** The titles of the events of 2026-12-10 and 11, as the owner sees them. */
export async function titlesOfTheWeek(server: TestServer): Promise<string[]> {
  const list = bodyOf(
    await server.api('/events?start_date=2026-12-10&end_date=2026-12-12', { as: 'owner' }),
    200,
  );
  return (list.events as Body[]).map((event) => event.title as string).sort();
}
