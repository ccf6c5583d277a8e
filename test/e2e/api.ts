/** The e2e server's REST API, as the admin: what the UI did must be visible here. */
import type { APIRequestContext } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from '../../playwright.config.ts';

export const adminHeaders = { authorization: `Bearer ${E2E_ADMIN_TOKEN}` };

export type ApiEvent = {
  id: number;
  title: string;
  description: string;
  start_date: string;
  end_date: string;
  all_day: boolean;
  status: string;
  cost: string;
  cost_details: {
    currency_symbol: string;
    currency_code: string;
    currency_position: string;
    values: string[];
  };
  website: string;
  featured: boolean;
  venue: { venue: string } | [];
  organizer: { organizer: string }[];
  categories: { name: string }[];
  tags: { name: string }[];
};

/**
 * Events WordPress's search finds for `search` (every word in the title, excerpt or content),
 * in any status but the trash, in `language`.
 */
export async function eventsNamed(
  request: APIRequestContext,
  search: string,
  language = 'en',
): Promise<ApiEvent[]> {
  const query = new URLSearchParams({
    search,
    status: 'publish,draft,pending,private,future',
    lang: language,
    per_page: '50',
  });
  const reply = await request.get(`/wp-json/tribe/events/v1/events?${query.toString()}`, {
    headers: adminHeaders,
  });
  if (reply.status() === 404) return [];
  return ((await reply.json()) as { events: ApiEvent[] }).events;
}

/**
 * The one event titled exactly `title`: the suite shares one server, where a short title's
 * words are also in other tests' events.
 */
export async function eventTitled(request: APIRequestContext, title: string): Promise<ApiEvent> {
  const found = (await eventsNamed(request, title)).filter((event) => event.title === title);
  if (found.length !== 1) throw new Error(`${found.length} events titled ${title}`);
  return found[0]!;
}

export async function createEvent(
  request: APIRequestContext,
  body: Record<string, unknown>,
): Promise<ApiEvent> {
  const reply = await request.post('/wp-json/tribe/events/v1/events', {
    headers: adminHeaders,
    data: body,
  });
  if (reply.status() !== 201) throw new Error(`create failed: ${await reply.text()}`);
  return (await reply.json()) as ApiEvent;
}

/** A venue with its double-booking rule, and events at it (local times of the calendar). */
export async function venueWithEvents(
  request: APIRequestContext,
  venue: string,
  booking: 'warn' | 'strict',
  events: [title: string, start: string, end: string][],
): Promise<void> {
  const made = await request.post('/wp-json/tribe/events/v1/venues', {
    headers: adminHeaders,
    data: { venue, marquee_booking: booking },
  });
  if (made.status() !== 201) throw new Error(`venue not made: ${await made.text()}`);
  const { id } = (await made.json()) as { id: number };
  for (const [title, start_date, end_date] of events)
    await createEvent(request, { title, start_date, end_date, venue: id });
}
