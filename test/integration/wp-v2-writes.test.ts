/**
 * Writes through `wp/v2/tribe_events`: core's body and TEC's meta go through the same write
 * command as tribe/events/v1 (partial updates, UTC times recomputed, roles, HTML cleaning), and
 * DELETE trashes or, with force, deletes as core answers it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type RequestOptions, type TestServer } from '../support/test-server.ts';

let server: TestServer;
const wp = (path: string, init?: RequestOptions) => server.request(`/wp-json/wp/v2${path}`, init);

type WpPost = {
  id: number;
  status: string;
  title: { raw: string; rendered: string };
  content: { raw: string };
  meta: Record<string, unknown>;
  tribe_events_cat: number[];
};

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function createEvent(): Promise<WpPost> {
  const created = await wp('/tribe_events', {
    as: 'editor',
    json: {
      title: 'Opening Night',
      content: 'Doors at seven.',
      status: 'publish',
      meta: {
        _EventStartDate: '2026-12-10 19:00:00',
        _EventEndDate: '2026-12-10 22:00:00',
        _EventTimezone: 'Europe/Berlin',
        _EventCost: '15',
      },
    },
  });
  expect(created.status).toBe(201);
  return created.body as WpPost;
}

describe('writes through wp/v2/tribe_events', () => {
  it('creates an event from core’s body and TEC’s meta, UTC times computed', async () => {
    const event = await createEvent();
    expect(event).toMatchObject({
      status: 'publish',
      title: { raw: 'Opening Night' },
      content: { raw: 'Doors at seven.' },
      meta: {
        _EventStartDate: '2026-12-10 19:00:00',
        _EventStartDateUTC: '2026-12-10 18:00:00',
        _EventTimezone: 'Europe/Berlin',
        _EventCost: '15',
      },
    });
    const read = await wp(`/tribe_events/${event.id}`, { as: 'editor' });
    expect(read.headers.get('allow')).toBe('GET, POST, PUT, PATCH, DELETE');
  });

  it('a new title keeps TEC’s fields; a new _EventStartDate recomputes the UTC times', async () => {
    const event = await createEvent();
    const renamed = await wp(`/tribe_events/${event.id}`, {
      method: 'PATCH',
      as: 'editor',
      json: { title: { raw: 'Opening Night, again' } },
    });
    expect(renamed.body).toMatchObject({
      title: { raw: 'Opening Night, again' },
      meta: { _EventStartDateUTC: '2026-12-10 18:00:00', _EventCost: '15' },
    });
    const moved = await wp(`/tribe_events/${event.id}`, {
      as: 'editor',
      json: {
        meta: { _EventStartDate: '2026-12-11 20:00:00', _EventEndDate: '2026-12-11 23:00:00' },
      },
    });
    expect((moved.body as WpPost).meta).toMatchObject({
      _EventStartDateUTC: '2026-12-11 19:00:00',
      _EventEndDateUTC: '2026-12-11 22:00:00',
    });
    // The same event through TEC's own route.
    const tec = await server.api(`/events/${event.id}`);
    expect(tec.body).toMatchObject({
      title: 'Opening Night, again',
      utc_start_date: '2026-12-11 19:00:00',
    });
  });

  it('keeps the roles and HTML rules of every door', async () => {
    const event = await createEvent();
    const dates = { _EventStartDate: '2026-12-12 10:00:00', _EventEndDate: '2026-12-12 11:00:00' };
    expect((await wp('/tribe_events', { json: { title: 'Anon', meta: dates } })).status).toBe(401);
    expect(
      (await wp(`/tribe_events/${event.id}`, { as: 'contributor', json: { title: 'Mine now' } }))
        .status,
    ).toBe(403);
    const own = await wp('/tribe_events', {
      as: 'contributor',
      json: {
        title: 'Workshop',
        content: 'Hi<script>alert(1)</script>',
        meta: dates,
      },
    });
    expect(own.body).toMatchObject({ status: 'draft' });
    expect((own.body as WpPost).content.raw).not.toContain('<script>');
  });

  it('links a trashed event to the page it has again when restored', async () => {
    const changed = await server.request('/wp-json/marquee/v1/settings', {
      as: 'owner',
      method: 'POST',
      json: { publicUrls: { event: 'https://venue.example/event/{slug}/' } },
    });
    expect(changed.status).toBe(200);
    const event = await createEvent();
    await wp(`/tribe_events/${event.id}`, { method: 'DELETE', as: 'editor' });
    const { slug } = event as WpPost & { slug: string };
    const page = `https://venue.example/event/${slug}/`;
    for (const path of [`/tribe_events/${event.id}`, '/tribe_events?status=trash'])
      expect(
        (await wp(`${path}${path.includes('?') ? '&' : '?'}context=edit`, { as: 'editor' })).body,
      ).toMatchObject(
        path.includes('?')
          ? [{ id: event.id, slug: `${slug}__trashed`, link: page }]
          : { id: event.id, slug: `${slug}__trashed`, link: page, guid: { raw: page } },
      );
    await server.request('/wp-json/marquee/v1/settings', {
      as: 'owner',
      method: 'POST',
      json: { publicUrls: {} },
    });
  });

  it('DELETE trashes; with force=true it deletes and answers the post as it was', async () => {
    const event = await createEvent();
    const trashed = await wp(`/tribe_events/${event.id}`, { method: 'DELETE', as: 'editor' });
    expect(trashed.body).toMatchObject({ id: event.id, status: 'trash' });
    const deleted = await wp(`/tribe_events/${event.id}?force=true`, {
      method: 'DELETE',
      as: 'editor',
    });
    expect(deleted.body).toMatchObject({ deleted: true, previous: { id: event.id } });
    expect((await wp(`/tribe_events/${event.id}`, { as: 'editor' })).status).toBe(404);
  });
});

describe('writes through wp/v2/tribe_venue and tribe_organizer', () => {
  it('creates a venue from its meta, renames it keeping its address, and deletes it', async () => {
    const created = await wp('/tribe_venue', {
      as: 'editor',
      json: { title: 'Town Hall', status: 'publish', meta: { _VenueCity: 'Lyon' } },
    });
    expect(created).toMatchObject({ status: 201, body: { meta: { _VenueCity: 'Lyon' } } });
    const id = (created.body as WpPost).id;
    const renamed = await wp(`/tribe_venue/${id}`, {
      method: 'PUT',
      as: 'editor',
      json: { title: 'Old Town Hall' },
    });
    expect(renamed.body).toMatchObject({
      title: { raw: 'Old Town Hall' },
      meta: { _VenueCity: 'Lyon' },
    });
    expect((await server.api(`/venues/${id}`)).body).toMatchObject({
      venue: 'Old Town Hall',
      city: 'Lyon',
    });
    const gone = await wp(`/tribe_venue/${id}?force=true`, { method: 'DELETE', as: 'editor' });
    expect(gone.body).toMatchObject({ deleted: true, previous: { id } });
  });

  it('makes a new organizer even when one has the name, as core does', async () => {
    const make = () =>
      wp('/tribe_organizer', {
        as: 'editor',
        json: { title: 'Owls', meta: { _OrganizerEmail: 'owls@example.org' } },
      });
    const [first, second] = [await make(), await make()];
    expect((first.body as WpPost).id).not.toBe((second.body as WpPost).id);
    expect(second.body).toMatchObject({ meta: { _OrganizerEmail: 'owls@example.org' } });
    expect((await wp('/tribe_organizer', { json: { title: 'Anon' } })).status).toBe(401);
  });
});
