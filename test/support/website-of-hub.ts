/**
 * The website as a test of the hub and the website together reads and feeds it: a calendar file
 * with a moved occurrence to import on a laptop, and the site's posts of a run as the real
 * WordPress holds them.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { ADMIN, type Node } from './hub-cluster.ts';
import { adminRequest } from './tec-site.ts';

/** An ICS file of three Thursdays, the second moved an hour later and renamed. */
export function movedSeriesFile(title: string): string {
  const uid = `${randomUUID()}@peers-convergence`;
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261101T120000Z',
    `SUMMARY:${title}`,
    'DTSTART;TZID=Europe/Berlin:20270204T193000',
    'DTEND;TZID=Europe/Berlin:20270204T213000',
    'RRULE:FREQ=WEEKLY;COUNT=3',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261101T120000Z',
    'RECURRENCE-ID;TZID=Europe/Berlin:20270211T193000',
    `SUMMARY:${title} later start`,
    'DTSTART;TZID=Europe/Berlin:20270211T203000',
    'DTEND;TZID=Europe/Berlin:20270211T223000',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

export async function importFile(laptop: Node, text: string): Promise<void> {
  const reply = await fetch(`${laptop.url}/wp-json/marquee/v1/import?format=ics`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'text/calendar' },
    body: text,
  });
  expect(reply.status, await reply.clone().text()).toBe(201);
}

export type SitePost = { id: number; title: string; status: string; start: string };

/** The website's posts of this run, whatever their status but the trash. */
export async function sitePosts(run: string): Promise<SitePost[]> {
  const posts: SitePost[] = [];
  for (let page = 1; ; page += 1) {
    const list = await adminRequest(
      `wp/v2/tribe_events?search=${run}&status=publish,draft,pending,future,private&per_page=100&page=${page}&context=edit&_fields=id,title,status`,
    );
    if (list.status === 400) break;
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const rows = list.body as unknown as { id: number; title: { raw: string }; status: string }[];
    for (const row of rows) {
      const event = await adminRequest(`tribe/events/v1/events/${row.id}`);
      expect(event.status, JSON.stringify(event.body)).toBe(200);
      posts.push({
        id: row.id,
        title: row.title.raw,
        status: row.status,
        start: String(event.body.start_date),
      });
    }
    if (rows.length < 100) break;
  }
  return posts;
}
