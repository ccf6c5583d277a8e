/**
 * Double bookings through the other doors: an ICS import (strict refuses all of it, warn
 * imports and its preview names the clash), the editor's sync push (refused, then booked
 * anyway when the user says so), and the free/busy and clashes routes.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pull, push } from '../support/sync.ts';
import { bodyOf, choir, titlesOfTheWeek, venue as venueOf, type Body } from '../support/clashes.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { expectError } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const venue = (fields: Record<string, unknown> = {}) => venueOf(server, fields);
const create = (json: Record<string, unknown>) => server.api('/events', { as: 'owner', json });

const ics = (events: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//clashes//EN',
    ...events,
    'END:VCALENDAR',
    '',
  ].join('\r\n');

const vevent = (uid: string, title: string, start: string, end: string) =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `SUMMARY:${title}`,
    `DTSTART:${start}`,
    `DTEND:${end}`,
    'LOCATION:Main Hall',
    'END:VEVENT',
  ].join('\r\n');

describe('an ICS import', () => {
  const file = ics([
    vevent('a@test', 'Quiz', '20261210T200000Z', '20261210T210000Z'),
    vevent('b@test', 'Film', '20261211T200000Z', '20261211T210000Z'),
  ]);
  const IMPORT = '/wp-json/marquee/v1/import?format=ics';

  it('at a warn venue imports, and its preview lists the clash', async () => {
    const hall = await venue();
    const first = bodyOf(await create(choir(hall)), 201);
    const preview = bodyOf(
      await server.request(`${IMPORT}&dryRun=true`, { as: 'owner', text: file }),
      200,
    );
    expect(preview).toMatchObject({ problems: [] });
    const rows = preview.rows as Body[];
    expect(rows.find((row) => row.title === 'Quiz')).toMatchObject({
      clashes: [{ id: first.id, title: 'Choir Rehearsal' }],
    });
    expect(rows.find((row) => row.title === 'Film')).not.toHaveProperty('clashes');
    bodyOf(await server.request(IMPORT, { as: 'owner', text: file }), 201);
    expect(await titlesOfTheWeek(server)).toEqual(['Choir Rehearsal', 'Film', 'Quiz']);
  });

  it('at a strict venue refuses the whole file, naming the clash', async () => {
    const hall = await venue({ marquee_booking: 'strict' });
    bodyOf(await create(choir(hall)), 201);
    const refused = await server.request(IMPORT, { as: 'owner', text: file });
    expect(refused.status, JSON.stringify(refused.body)).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(refused.body)).toContain(
      'Main Hall is booked 2026-12-10 19:00–2026-12-10 21:00 by Choir Rehearsal',
    );
    expect(await titlesOfTheWeek(server)).toEqual(['Choir Rehearsal']);
  });
});

describe('marquee/v1 free/busy and clashes', () => {
  it('answer a venue’s busy times and every clash of a range, to writers', async () => {
    const hall = await venue({ marquee_buffer_before: 15 });
    const other = await venue({ venue: 'Foyer' });
    const first = bodyOf(await create(choir(hall)), 201);
    const second = bodyOf(
      await create({
        ...choir(hall),
        title: 'Quiz',
        start_date: '2026-12-10 20:30:00',
        end_date: '2026-12-10 22:00:00',
      }),
      201,
    );
    bodyOf(await create({ ...choir(other), title: 'Elsewhere' }), 201);
    const busyUrl = `/wp-json/marquee/v1/venues/${hall}/busy?start=2026-12-10&end=2026-12-11`;
    expectError(await server.request(busyUrl), 401, 'rest_forbidden');
    const busy = bodyOf(await server.request(busyUrl, { as: 'contributor' }), 200);
    expect(busy.busy).toEqual([
      {
        from: '2026-12-10 18:45:00',
        to: '2026-12-10 21:00:00',
        event: expect.objectContaining({ id: first.id }) as unknown,
      },
      {
        from: '2026-12-10 20:15:00',
        to: '2026-12-10 22:00:00',
        event: expect.objectContaining({ id: second.id }) as unknown,
      },
    ]);
    const clashes = bodyOf(
      await server.request('/wp-json/marquee/v1/clashes?start=2026-12-01', { as: 'owner' }),
      200,
    );
    expect(clashes.clashes).toEqual([
      {
        venue: hall,
        events: [
          expect.objectContaining({ id: first.id }),
          expect.objectContaining({ id: second.id }),
        ],
      },
    ]);
    // A range the two reach into, but not the time they share (20:15–21:00): no clash in it.
    const upTo = async (end: string, venueId = hall) =>
      bodyOf(
        await server.request(
          `/wp-json/marquee/v1/clashes?venue=${venueId}&start=2026-12-01&end=${encodeURIComponent(end)}`,
          { as: 'owner' },
        ),
        200,
      ).clashes as unknown[];
    expect(await upTo('2026-12-10 20:15:00')).toEqual([]);
    expect(await upTo('2026-12-10 20:16:00')).toHaveLength(1);
    const elsewhere = bodyOf(
      await server.request(`/wp-json/marquee/v1/clashes?venue=${other}`, { as: 'owner' }),
      200,
    );
    expect(elsewhere.clashes).toEqual([]);
    expectError(
      await server.request('/wp-json/marquee/v1/clashes?start=soon-ish', { as: 'owner' }),
      400,
      'rest_invalid_param',
    );
  });
});

describe('the editor’s sync push', () => {
  it('is refused at a strict venue taken then, and books anyway when the user says so', async () => {
    const hall = await venue({ marquee_booking: 'strict' });
    bodyOf(await create(choir(hall)), 201);
    const venueUuid = (await pull(server)).records.venue.find((one) => one.id === hall)?.uuid;
    const quiz = (mutationId: number, extra: Record<string, unknown> = {}) => ({
      mutationId,
      kind: 'event',
      op: 'create',
      uuid: randomUUID(),
      baseRev: 0,
      fields: {
        title: { en: 'Quiz' },
        start: '2026-12-10 20:30:00',
        end: '2026-12-10 22:00:00',
        venueUuid,
      },
      ...extra,
    });
    const refused = await push(server, 'client-book-1', [quiz(1)]);
    expect(refused.results[0]).toMatchObject({
      status: 'rejected',
      error: { code: 'marquee_venue_busy', data: { status: 409 } },
    });
    // Sent again saying to book anyway (sync is for editors and the owner, who may).
    const editor = await push(server, 'client-book-1', [quiz(2, { bookAnyway: true })]);
    expect(editor.results[0]).toMatchObject({ status: 'applied' });
    expect(await titlesOfTheWeek(server)).toEqual(['Choir Rehearsal', 'Quiz']);
  });
});
