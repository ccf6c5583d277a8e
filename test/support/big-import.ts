/**
 * A large ICS file's import over HTTP as its tests drive it: the file (about `bytes` of
 * concerts), requests sent as the owner and answered whole, and how many events the calendar
 * lists.
 */
import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';
import { OWNER_TOKEN } from './test-server.ts';

export const IMPORT = '/wp-json/marquee/v1/import?format=ics';
export const EVENTS = '/wp-json/tribe/events/v1/events';
/** Every event of the file and of the tests, whatever its status. */
const LISTED = `${EVENTS}?per_page=1&start_date=2026-01-01&end_date=2029-12-31&status=publish,draft,pending,private,future`;

/** About `bytes` of ICS: concerts on 700 days, each with a description and a venue. */
export function bigIcs(bytes: number, last: string[] = []): { text: Buffer; events: number } {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Big//EN'];
  let size = 0;
  let index = 0;
  for (; size < bytes; index += 1) {
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
  const text = Buffer.from([...lines, ...last, 'END:VCALENDAR', ''].join('\r\n'));
  return { text, events: index };
}

export type Answer = { status: number; at: number; headers: Record<string, unknown>; body: string };

/** Sends a request as the owner; resolves when its answer has arrived whole. */
export function send(url: string, method: string, path: string, body?: Buffer): Promise<Answer> {
  const { port } = new URL(url);
  const type = method === 'POST' && path.startsWith(EVENTS) ? 'application/json' : 'text/calendar';
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { authorization: `Bearer ${OWNER_TOKEN}`, 'content-type': type },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            at: performance.now(),
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** How many events the calendar lists, and when the answer came. */
export async function listed(url: string): Promise<{ total: number; at: number }> {
  const answer = await send(url, 'GET', LISTED);
  expect(answer.status, answer.body.slice(0, 300)).toBe(200);
  return { total: Number(answer.headers['x-tec-total']), at: answer.at };
}

export const concert = (title: string) =>
  Buffer.from(
    JSON.stringify({
      title,
      start_date: '2027-03-01 20:00:00',
      end_date: '2027-03-01 22:00:00',
      status: 'publish',
    }),
  );
