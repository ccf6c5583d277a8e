/** Updating and deleting events. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { at, createEvent, eventOf } from '../support/events.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createVenue, expectError } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const basics = { title: 'Gig', start_date: at(1), end_date: at(1, 2) };

describe('updating and deleting events', () => {
  it('keeps the venue when a body names venue 0, as TEC does', async () => {
    const event = await createEvent(server, { ...basics, venue: { venue: 'Zero Hall' } });
    const venueId = (event.venue as { id: number }).id;
    for (const venue of [0, '0']) {
      const kept = eventOf(
        await server.api(`/events/${event.id}`, { as: 'owner', json: { venue } }),
      );
      expect(kept.venue).toMatchObject({ id: venueId });
    }
    const none = await createEvent(server, { ...basics, title: 'No hall', venue: 0 });
    expect(none.venue).toEqual([]);
  });

  it('changes only what is sent (no TEC resets), clears links with "" and []', async () => {
    const event = await createEvent(server, {
      ...basics,
      featured: true,
      cost: '10$',
      venue: { venue: 'V' },
      organizer: [{ organizer: 'O' }],
      categories: 'C',
      website: 'https://w.example',
    });
    const renamed = eventOf(
      await server.api(`/events/${event.id}`, {
        method: 'PUT',
        as: 'owner',
        json: { title: 'Renamed', slug: 'renamed' },
      }),
    );
    expect(renamed).toMatchObject({
      title: 'Renamed',
      slug: 'renamed',
      featured: true,
      cost: '10$',
      website: 'https://w.example',
      timezone: 'UTC',
    });
    expect(renamed.venue).not.toEqual([]);
    const cleared = eventOf(
      await server.api(`/events/${event.id}`, {
        method: 'PATCH',
        as: 'owner',
        json: { venue: '', organizer: [], categories: '' },
      }),
    );
    expect(cleared).toMatchObject({ venue: [], organizer: [], categories: [] });
    expectError(
      await server.api('/events/2389', { as: 'owner', json: { title: 'x' } }),
      404,
      'rest-event-not-found',
    );
    expectError(
      await server.api(`/events/${event.id}`, { json: { title: 'x' } }),
      401,
      'rest_forbidden',
    );
  });

  it('answers a venue id on /events with rest-invalid-event-id', async () => {
    const venue = await createVenue(server, { venue: 'Not an event' });
    expectError(await server.api(`/events/${venue.id}`), 400, 'rest-invalid-event-id');
    expectError(
      await server.api(`/events/${venue.id}`, { as: 'owner', json: { title: 'x' } }),
      400,
      'rest-invalid-event-id',
    );
  });

  it('trashes (200), refuses a second delete (410), reads trashed as 403, force deletes (TEC 54, 86)', async () => {
    const event = await createEvent(server, basics);
    expectError(
      await server.api('/events/23', { method: 'DELETE', as: 'owner' }),
      404,
      'rest-event-not-found',
    );
    expectError(
      await server.api(`/events/${event.id}`, { method: 'DELETE' }),
      401,
      'rest_forbidden',
    );
    expect(
      eventOf(await server.api(`/events/${event.id}`, { method: 'DELETE', as: 'owner' })).status,
    ).toBe('trash');
    expectError(
      await server.api(`/events/${event.id}`, { method: 'DELETE', as: 'owner' }),
      410,
      'event-is-in-trash',
    );
    expectError(
      await server.api(`/events/${event.id}`, { as: 'owner' }),
      403,
      'event-no-longer-available',
    );
    expect(
      eventOf(await server.api(`/events/${event.id}?force=true`, { method: 'DELETE', as: 'owner' }))
        .id,
    ).toBe(event.id);
    expectError(
      await server.api(`/events/${event.id}`, { as: 'owner' }),
      404,
      'rest-event-not-found',
    );
  });

  it('applies WordPress’s per-event rights (TEC 55)', async () => {
    const admins = await createEvent(server, basics);
    const own = await createEvent(server, basics, 'contributor');
    expectError(
      await server.api(`/events/${admins.id}`, {
        method: 'PUT',
        as: 'contributor',
        json: { title: 'x' },
      }),
      403,
      'rest_forbidden',
    );
    expectError(
      await server.api(`/events/${admins.id}`, { method: 'DELETE', as: 'contributor' }),
      403,
      'rest_forbidden',
    );
    expect(
      (
        await server.api(`/events/${own.id}`, {
          method: 'PUT',
          as: 'contributor',
          json: { title: 'Mine' },
        })
      ).status,
    ).toBe(200);
    await server.api(`/events/${own.id}`, { as: 'owner', json: { status: 'publish' } });
    expectError(
      await server.api(`/events/${own.id}`, {
        method: 'PUT',
        as: 'contributor',
        json: { title: 'x' },
      }),
      403,
      'rest_forbidden',
    );
    expect(
      (
        await server.api(`/events/${admins.id}`, {
          method: 'PUT',
          as: 'editor',
          json: { title: 'Edited' },
        })
      ).status,
    ).toBe(200);
    expect((await server.api(`/events/${own.id}`, { method: 'DELETE', as: 'editor' })).status).toBe(
      200,
    );
  });

  it('updates and deletes by slug (unknown slug: 404 on update, 400 on delete)', async () => {
    await createEvent(server, { ...basics, title: 'Slugged' });
    expect(
      eventOf(
        await server.api('/events/by-slug/slugged', {
          method: 'POST',
          as: 'owner',
          json: { featured: true },
        }),
      ).featured,
    ).toBe(true);
    expectError(
      await server.api('/events/by-slug/nope', {
        method: 'PUT',
        as: 'owner',
        json: { title: 'x' },
      }),
      404,
      'rest-event-not-found',
    );
    expectError(
      await server.api('/events/by-slug/nope', { method: 'DELETE', as: 'owner' }),
      400,
      'rest_invalid_param',
    );
    expect(
      eventOf(await server.api('/events/by-slug/slugged', { method: 'DELETE', as: 'owner' }))
        .status,
    ).toBe('trash');
  });
});
