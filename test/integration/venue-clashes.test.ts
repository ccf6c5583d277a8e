/**
 * Double bookings through the REST doors: a venue's booking fields, writes at warn and strict
 * venues (and booking anyway), buffers, holds, the trash, all-day events and series.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, choir, titlesOfTheWeek, venue as venueOf, type Body } from '../support/clashes.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { expectError } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const venue = (fields: Record<string, unknown> = {}) => venueOf(server, fields);

async function create(
  json: Record<string, unknown>,
  path = '/events',
  as: 'owner' | 'author' = 'owner',
) {
  return server.api(path, { as, json });
}

describe('a venue’s booking fields', () => {
  it('are written through TEC’s venue body and answered only when asked', async () => {
    const id = await venue({
      marquee_buffer_before: 30,
      marquee_buffer_after: '15',
      marquee_booking: 'strict',
    });
    const plain = bodyOf(await server.api(`/venues/${id}`), 200);
    expect(plain).not.toHaveProperty('marquee_booking');
    const asked = bodyOf(await server.api(`/venues/${id}?marquee_clashes=1`), 200);
    expect(asked).toMatchObject({
      marquee_buffer_before: 30,
      marquee_buffer_after: 15,
      marquee_booking: 'strict',
    });
    expectError(
      await server.api(`/venues/${id}`, { as: 'owner', json: { marquee_booking: 'maybe' } }),
      400,
      'rest_invalid_param',
    );
    expectError(
      await server.api(`/venues/${id}`, { as: 'owner', json: { marquee_buffer_after: -1 } }),
      400,
      'rest_invalid_param',
    );
  });
});

describe('REST writes', () => {
  it('warn: the write lands; its answer names the clash only when asked', async () => {
    const hall = await venue();
    const first = bodyOf(await create(choir(hall)), 201);
    const overlapping = { ...choir(hall), title: 'Quiz', start_date: '2026-12-10 20:00:00' };
    const plain = bodyOf(await create(overlapping), 201);
    expect(plain).not.toHaveProperty('marquee_clashes');
    const asked = bodyOf(await create(overlapping, '/events?marquee_clashes=1'), 201);
    expect(asked.marquee_clashes).toEqual([
      expect.objectContaining({ id: first.id, title: 'Choir Rehearsal' }),
      expect.objectContaining({ id: plain.id, title: 'Quiz' }),
    ]);
    const read = bodyOf(
      await server.api(`/events/${first.id}?marquee_clashes=1`, { as: 'owner' }),
      200,
    );
    expect((read.marquee_clashes as Body[]).map((clash) => clash.id)).toEqual([plain.id, asked.id]);
    // A visitor asking learns nothing of the calendar's bookings.
    const visitor = bodyOf(await server.api(`/events/${first.id}?marquee_clashes=1`), 200);
    expect(visitor).not.toHaveProperty('marquee_clashes');
  });

  it('strict: 409 marquee_venue_busy naming the other event; an editor may book anyway', async () => {
    const hall = await venue({ marquee_booking: 'strict' });
    const first = bodyOf(await create(choir(hall)), 201);
    const clash = {
      ...choir(hall),
      title: 'Quiz',
      start_date: '2026-12-10 20:30:00',
      end_date: '2026-12-10 22:00:00',
    };
    const refused = expectError(await create(clash), 409, 'marquee_venue_busy');
    expect(refused.message).toContain(
      'Main Hall is booked 2026-12-10 19:00–2026-12-10 21:00 by Choir Rehearsal',
    );
    expect(refused.data).toMatchObject({
      venue: hall,
      clashes: [{ id: first.id, title: 'Choir Rehearsal', start: '2026-12-10 19:00:00' }],
    });
    // Nothing was written.
    expect(await titlesOfTheWeek(server)).toEqual(['Choir Rehearsal']);
    // Touching, not overlapping: no clash.
    bodyOf(await create({ ...clash, start_date: '2026-12-10 21:00:00' }), 201);
    // An author may not book anyway; an editor (and the owner) may.
    expectError(
      await create({ ...clash, marquee_book_anyway: true }, '/events', 'author'),
      409,
      'marquee_venue_busy',
    );
    bodyOf(await create({ ...clash, marquee_book_anyway: true }), 201);
    // An update that moves an event onto another refuses too; one that only retitles does not.
    const later = bodyOf(
      await create({
        ...choir(hall),
        title: 'Later',
        start_date: '2026-12-11 19:00:00',
        end_date: '2026-12-11 20:00:00',
      }),
      201,
    );
    expectError(
      await server.api(`/events/${later.id}`, {
        as: 'owner',
        json: { start_date: '2026-12-10 19:30:00', end_date: '2026-12-10 20:00:00' },
      }),
      409,
      'marquee_venue_busy',
    );
    bodyOf(await server.api(`/events/${first.id}`, { as: 'owner', json: { title: 'Choir' } }), 200);
    // wp/v2's event writes meet the same rule, and book anyway alike.
    const wpBody = {
      title: 'WP quiz',
      status: 'publish',
      meta: {
        _EventStartDate: clash.start_date,
        _EventEndDate: clash.end_date,
        _EventVenueID: hall,
      },
    };
    expectError(
      await server.request('/wp-json/wp/v2/tribe_events', { as: 'owner', json: wpBody }),
      409,
      'marquee_venue_busy',
    );
    bodyOf(
      await server.request('/wp-json/wp/v2/tribe_events?marquee_book_anyway=1', {
        as: 'owner',
        json: wpBody,
      }),
      201,
    );
  });

  it('counts the venue’s buffers, holds as the calendar says, and never the trash', async () => {
    const hall = await venue({
      marquee_booking: 'strict',
      marquee_buffer_before: 30,
      marquee_buffer_after: 30,
    });
    const first = bodyOf(await create(choir(hall)), 201);
    // 21:00 + 30 min teardown meets 21:45 − 30 min setup: held.
    const after = {
      ...choir(hall),
      title: 'Late',
      start_date: '2026-12-10 21:45:00',
      end_date: '2026-12-10 23:00:00',
    };
    expectError(await create(after), 409, 'marquee_venue_busy');
    bodyOf(await create({ ...after, start_date: '2026-12-10 22:00:00' }), 201);
    // A draft holds the room; trashed, it does not.
    bodyOf(
      await server.api(`/events/${first.id}`, { as: 'owner', json: { status: 'draft' } }),
      200,
    );
    expectError(await create({ ...choir(hall), title: 'Again' }), 409, 'marquee_venue_busy');
    bodyOf(await server.api(`/events/${first.id}`, { as: 'owner', method: 'DELETE' }), 200);
    bodyOf(await create({ ...choir(hall), title: 'Again' }), 201);
  });

  it('does not count drafts and pending events when the calendar says holds do not count', async () => {
    await server.close();
    server = await startTestServer({ overrides: { clashHolds: false } });
    const hall = await venue({ marquee_booking: 'strict' });
    bodyOf(await create({ ...choir(hall), status: 'draft' }), 201);
    bodyOf(await create({ ...choir(hall), title: 'Pending', status: 'pending' }), 201);
    bodyOf(await create({ ...choir(hall), title: 'Concert' }), 201);
    expectError(await create({ ...choir(hall), title: 'Second' }), 409, 'marquee_venue_busy');
  });

  it('an all-day event blocks its whole day; a series’ occurrences book their own slots', async () => {
    const hall = await venue({ marquee_booking: 'strict' });
    bodyOf(
      await create({
        title: 'Fair',
        all_day: true,
        start_date: '2026-12-12',
        end_date: '2026-12-12',
        venue: hall,
      }),
      201,
    );
    expectError(
      await create({
        ...choir(hall),
        start_date: '2026-12-12 23:00:00',
        end_date: '2026-12-12 23:30:00',
      }),
      409,
      'marquee_venue_busy',
    );
    const weekly = {
      ...choir(hall),
      title: 'Weekly',
      start_date: '2026-12-01 10:00:00',
      end_date: '2026-12-01 11:00:00',
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4' },
    };
    bodyOf(await create(weekly), 201);
    // The third Tuesday, 2026-12-15, is held by the series.
    const refused = expectError(
      await create({
        ...choir(hall),
        start_date: '2026-12-15 10:30:00',
        end_date: '2026-12-15 12:00:00',
      }),
      409,
      'marquee_venue_busy',
    );
    expect(refused.data).toMatchObject({
      clashes: [{ title: 'Weekly', start: '2026-12-15 10:00:00' }],
    });
    // A series whose later slot lands on the all-day fair is refused as a whole.
    expectError(
      await create({
        ...weekly,
        title: 'Weekly Fri',
        start_date: '2026-12-05 10:00:00',
        end_date: '2026-12-05 11:00:00',
        recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=3' },
      }),
      409,
      'marquee_venue_busy',
    );
  });
});
