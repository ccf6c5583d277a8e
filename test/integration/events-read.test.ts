/** Reading one event: TEC's full shape, access rules and passwords. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEvent, eventListOf, eventOf } from '../support/events.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { expectError } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ overrides: { timezone: 'Europe/Berlin' } });
});
afterEach(() => server.close());

const basics = { title: 'Gig', start_date: '2026-12-01 20:00:00', end_date: '2026-12-01 23:00:00' };

describe('GET /events/{id}', () => {
  it('returns TEC’s full event shape with venue, organizers, terms and json_ld (TEC 57)', async () => {
    const created = await createEvent(server, {
      ...basics,
      title: 'Jazz & Blues Night',
      description: 'Line one\n\nLine two',
      excerpt: 'Short',
      cost: '$23',
      website: 'https://gig.example',
      image: 'https://img.example/poster.jpg',
      venue: { venue: 'Blue Note', address: '1 Main St', city: 'Berlin', country: 'Germany' },
      organizer: [{ organizer: 'Jazz Society', email: 'hi@jazz.example' }],
      categories: ['Music', 'Jazz'],
      tags: 'late,loud',
    });
    expect(created).not.toHaveProperty('json_ld');
    const reply = await server.api(`/events/${created.id}`);
    const event = eventOf(reply);
    // The wire's own key order (parsing reorders keys to the schema's).
    const raw = reply.body as object;
    expect(Object.keys(raw)).toEqual([
      'id',
      'global_id',
      'global_id_lineage',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'rest_url',
      'title',
      'description',
      'excerpt',
      'slug',
      'image',
      'all_day',
      'start_date',
      'start_date_details',
      'end_date',
      'end_date_details',
      'utc_start_date',
      'utc_start_date_details',
      'utc_end_date',
      'utc_end_date_details',
      'timezone',
      'timezone_abbr',
      'cost',
      'cost_details',
      'website',
      'show_map',
      'show_map_link',
      'hide_from_listings',
      'sticky',
      'featured',
      'categories',
      'tags',
      'venue',
      'organizer',
      'custom_fields',
      'json_ld',
      'language',
      'translations',
    ]);
    expect(event).toMatchObject({
      author: '1',
      title: 'Jazz &#038; Blues Night',
      description: '<p>Line one</p>\n<p>Line two</p>',
      excerpt: '<p>Short</p>',
      image: { url: 'https://img.example/poster.jpg', id: 0, extension: 'jpg' },
      start_date_details: {
        year: '2026',
        month: '12',
        day: '01',
        hour: '20',
        minutes: '00',
        seconds: '00',
      },
      utc_start_date: '2026-12-01 19:00:00',
      timezone: 'Europe/Berlin',
      timezone_abbr: 'CET',
      cost: '$23',
      cost_details: {
        currency_symbol: '$',
        currency_code: '',
        currency_position: 'prefix',
        values: ['23'],
      },
      website: 'https://gig.example',
      rest_url: `${server.url}/wp-json/tribe/events/v1/events/${created.id}`,
      custom_fields: [],
    });
    // Ordered by name, as WordPress answers an object's terms.
    expect(event.categories.map((term) => [term.name, term.count])).toEqual([
      ['Jazz', 1],
      ['Music', 1],
    ]);
    expect(event.tags[0]?.urls.self).toBe(
      `${server.url}/wp-json/tribe/events/v1/tags/${event.tags[0]?.id}`,
    );
    expect(event.venue).toMatchObject({
      venue: 'Blue Note',
      city: 'Berlin',
      json_ld: { '@type': 'Place' },
    });
    expect(event.organizer[0]).toMatchObject({
      organizer: 'Jazz Society',
      json_ld: { '@type': 'Person' },
    });
    expect(event.json_ld).toMatchObject({
      '@type': 'Event',
      // The shown (texturized) title through esc_js, as TEC's JSON-LD gives it.
      name: 'Jazz &#038; Blues Night',
      startDate: '2026-12-01T20:00:00+01:00',
      endDate: '2026-12-01T23:00:00+01:00',
      location: { '@type': 'Place', name: 'Blue Note' },
      organizer: { '@type': 'Person', name: 'Jazz Society' },
      offers: { '@type': 'Offer', price: '23' },
    });
    expect(eventOf(await server.api('/events/by-slug/jazz-blues-night'))).toEqual(event);
  });

  it('answers 404 for unknown ids, 400 for unknown slugs', async () => {
    expectError(await server.api('/events/0'), 404, 'rest-event-not-found');
    expectError(await server.api('/events/13'), 404, 'rest-event-not-found');
    expectError(await server.api('/events/by-slug/nope'), 400, 'rest_invalid_param');
    expectError(await server.api('/events/by-slug/'), 404, 'rest_no_route');
  });

  it('refuses non-public events to those who may not read them (TEC 56, 86)', async () => {
    for (const status of ['draft', 'pending', 'private'] as const) {
      const event = await createEvent(server, { ...basics, title: status, status });
      expectError(await server.api(`/events/${event.id}`), 403, 'event-not-accessible');
      expectError(await server.api(`/events/by-slug/${status}`), 403, 'event-not-accessible');
      expect((await server.api(`/events/${event.id}`, { as: 'editor' })).status).toBe(200);
    }
    const mine = await createEvent(server, basics, 'contributor');
    expect((await server.api(`/events/${mine.id}`, { as: 'contributor' })).status).toBe(200);
    expectError(
      await server.api(`/events/${mine.id}`, { as: 'author' }),
      403,
      'event-not-accessible',
    );
  });

  it('protects events with a password: 403 alone, the event with it, redacted in lists', async () => {
    const event = await createEvent(server, {
      ...basics,
      password: 'sesame',
      cost: '10€',
      venue: { venue: 'Hidden Hall' },
      categories: 'Secret',
    });
    expectError(await server.api(`/events/${event.id}`), 403, 'event-password-protected');
    expectError(
      await server.api(`/events/${event.id}?password=wrong`),
      403,
      'event-password-protected',
    );
    expect(eventOf(await server.api(`/events/${event.id}?password=sesame`)).cost).toBe('10€');
    expect(eventOf(await server.api(`/events/${event.id}`, { as: 'editor' })).cost).toBe('10€');
    const listed = eventListOf(await server.api('/events')).events[0];
    expect(listed).toMatchObject({
      title: 'Gig',
      description: '',
      cost: '',
      image: false,
      all_day: null,
      featured: null,
      categories: [],
      venue: [],
      organizer: [],
      cost_details: { currency_symbol: '', currency_position: '', values: [] },
    });
    expect(eventListOf(await server.api('/events?password=sesame')).events[0]?.cost).toBe('10€');
    await server.api(`/events/${event.id}`, { as: 'owner', json: { password: '' } });
    expect((await server.api(`/events/${event.id}`)).status).toBe(200);
  });

  it('shows a trashed or unpublished venue as [] to those who may not see it (TEC 87)', async () => {
    const event = await createEvent(server, { ...basics, venue: { venue: 'Old Hall' } });
    const venueId = (event.venue as { id: number }).id;
    await server.api(`/venues/${venueId}`, { as: 'owner', json: { status: 'draft' } });
    expect(eventOf(await server.api(`/events/${event.id}`)).venue).toEqual([]);
    expect(eventOf(await server.api(`/events/${event.id}`, { as: 'editor' })).venue).toMatchObject({
      id: venueId,
    });
    await server.api(`/venues/${venueId}`, { method: 'DELETE', as: 'owner' });
    expect(eventOf(await server.api(`/events/${event.id}`, { as: 'editor' })).venue).toEqual([]);
    await server.api(`/venues/${venueId}`, { as: 'owner', json: { status: 'publish' } });
    expect(eventOf(await server.api(`/events/${event.id}`)).venue).toMatchObject({ id: venueId });
    await server.api(`/venues/${venueId}?force=true`, { method: 'DELETE', as: 'owner' });
    expect(eventOf(await server.api(`/events/${event.id}`)).venue).toEqual([]);
  });
});
