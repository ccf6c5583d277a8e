/** Writing venues: validation before permission, create/update/delete rules. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createVenue, expectError, venueListOf, venueOf } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

describe('POST /venues', () => {
  it('needs credentials (401) and a role that may write (contributor and up)', async () => {
    expectError(await server.api('/venues', { json: { venue: 'Hall' } }), 401, 'rest_forbidden');
  });

  it('validates before checking permission', async () => {
    const missing = expectError(
      await server.api('/venues', { json: { city: 'Paris' } }),
      400,
      'rest_missing_callback_param',
    );
    expect(missing.data.params).toEqual(['venue']);
    expectError(await server.api('/venues', { json: { venue: '' } }), 400, 'rest_invalid_param');
    expectError(await server.api('/venues/9999', { method: 'DELETE' }), 400, 'rest_invalid_param');
  });

  it.each([
    ['author', 23],
    ['author', ''],
    ['date', 'foo'],
    ['date_utc', 'not a date'],
    ['status', 'kinda_thinking_about_it'],
    ['website', 'foo'],
    ['image', 'foo bar'],
  ])('refuses %s = %j with rest_invalid_param naming it', async (name, value) => {
    const envelope = expectError(
      await server.api('/venues', { as: 'owner', json: { venue: 'Hall', [name]: value } }),
      400,
      'rest_invalid_param',
    );
    expect(envelope.data.params).toHaveProperty(name);
    expect(venueListOf(await server.api('/venues', { as: 'owner' })).total).toBe(0);
  });

  it('creates with every field echoed (201), from JSON or a form body', async () => {
    const venue = await createVenue(server, {
      venue: 'A venue',
      description: 'Nice',
      address: '10 Rue X',
      city: 'Paris',
      country: 'France',
      province: 'IDF',
      state: 'NY',
      zip: '75001',
      phone: '+33 1',
      stateprovince: 'Île-de-France',
      website: 'https://venue.example',
      show_map: 'false',
      show_map_link: 'yes',
      date: '2026-01-02 03:04:05',
      status: 'draft',
    });
    expect(venue).toMatchObject({
      venue: 'A venue',
      stateprovince: 'Île-de-France',
      show_map: false,
      show_map_link: true,
      date: '2026-01-02 03:04:05',
      status: 'draft',
    });
    const form = await server.api('/venues', {
      as: 'owner',
      form: { venue: 'Form venue', zip: '123' },
    });
    expect(form.status).toBe(201);
    expect(venueOf(form)).toMatchObject({ venue: 'Form venue', zip: '123', show_map: true });
  });

  it('reuses a venue with the same name (any case), and the same description when sent', async () => {
    const first = await createVenue(server, {
      venue: 'The Loft',
      description: 'Upstairs',
      phone: '1',
    });
    const again = await createVenue(server, { venue: 'the LOFT', phone: '2' });
    expect(again.id).toBe(first.id);
    expect(again.phone).toBe('2');
    const other = await createVenue(server, { venue: 'The Loft', description: 'Downstairs' });
    expect(other.id).not.toBe(first.id);
    expect(venueListOf(await server.api('/venues')).total).toBe(2);
  });

  it('makes slugs unique per language', async () => {
    const first = await createVenue(server, { venue: 'Studio' });
    await server.api(`/venues/${first.id}`, {
      method: 'PUT',
      as: 'owner',
      json: { venue: 'Studio B' },
    });
    const second = await createVenue(server, { venue: 'Studio', description: 'another' });
    expect([first.slug, second.slug]).toEqual(['studio', 'studio-2']);
  });

  it('scales a contributor’s status back and keeps images to authors', async () => {
    expect((await createVenue(server, { venue: 'C1' }, 'contributor')).status).toBe('draft');
    expect(
      (await createVenue(server, { venue: 'C2', status: 'publish' }, 'contributor')).status,
    ).toBe('pending');
    expect((await createVenue(server, { venue: 'A1' }, 'author')).status).toBe('publish');
    expectError(
      await server.api('/venues', {
        as: 'contributor',
        json: { venue: 'C3', image: 'https://x.example/a.png' },
      }),
      400,
      'rest_invalid_param',
    );
    expectError(
      await server.api('/venues', { as: 'contributor', json: { venue: 'C4', author: 1 } }),
      403,
      'rest_forbidden',
    );
  });
});

describe('POST|PUT|PATCH /venues/{id}', () => {
  it('changes only the fields sent, and clearing a field drops its key', async () => {
    const venue = await createVenue(server, {
      venue: 'Hall',
      phone: '555',
      website: 'https://a.example',
      city: 'Oslo',
    });
    server.clock.advance(3_600_000);
    const renamed = venueOf(
      await server.api(`/venues/${venue.id}`, {
        method: 'PATCH',
        as: 'owner',
        json: { venue: 'Big Hall' },
      }),
    );
    expect(renamed).toMatchObject({
      venue: 'Big Hall',
      phone: '555',
      website: 'https://a.example',
      city: 'Oslo',
    });
    expect(renamed.modified_utc).toBe('2026-11-20 11:00:00');
    const cleared = venueOf(
      await server.api(`/venues/${venue.id}`, { method: 'PUT', as: 'owner', json: { city: '' } }),
    );
    expect(cleared).not.toHaveProperty('city');
    expectError(
      await server.api(`/venues/${venue.id}`, { as: 'owner', json: { venue: '' } }),
      400,
      'rest_invalid_param',
    );
  });

  it('allows renaming to another venue’s name', async () => {
    await createVenue(server, { venue: 'One' });
    const two = await createVenue(server, { venue: 'Two' });
    expect(
      venueOf(await server.api(`/venues/${two.id}`, { as: 'owner', json: { venue: 'One' } })).venue,
    ).toBe('One');
  });

  it('writes translatable fields in the request language only', async () => {
    const venue = await createVenue(server, { venue: 'Hall', description: 'English text' });
    await server.api(`/venues/${venue.id}`, {
      as: 'owner',
      json: { language: 'de', venue: 'Halle', description: 'Deutscher Text', city: 'Berlin' },
    });
    const en = venueOf(await server.api(`/venues/${venue.id}`));
    const de = venueOf(await server.api(`/venues/${venue.id}?language=de`));
    expect(en).toMatchObject({
      venue: 'Hall',
      description: '<p>English text</p>',
      city: 'Berlin',
      slug: 'hall',
    });
    expect(de).toMatchObject({
      venue: 'Halle',
      description: '<p>Deutscher Text</p>',
      city: 'Berlin',
      slug: 'halle',
    });
    expect(venueOf(await server.api('/venues/by-slug/halle')).id).toBe(venue.id);
  });

  it('updates by slug', async () => {
    await createVenue(server, { venue: 'Jazz Club' });
    const updated = venueOf(
      await server.api('/venues/by-slug/jazz-club', {
        method: 'PUT',
        as: 'owner',
        json: { zip: '999' },
      }),
    );
    expect(updated.zip).toBe('999');
  });

  it('enforces per-record permissions: 401 anonymous, 403 for other users’ venues', async () => {
    const ownerVenue = await createVenue(server, { venue: 'Owner’s' });
    expectError(
      await server.api(`/venues/${ownerVenue.id}`, { json: { zip: '1' } }),
      401,
      'rest_forbidden',
    );
    expectError(
      await server.api(`/venues/${ownerVenue.id}`, { as: 'contributor', json: { zip: '1' } }),
      403,
      'rest_forbidden',
    );
    expectError(
      await server.api(`/venues/${ownerVenue.id}`, { as: 'author', json: { zip: '1' } }),
      403,
      'rest_forbidden',
    );
    expect(
      (await server.api(`/venues/${ownerVenue.id}`, { as: 'editor', json: { zip: '1' } })).status,
    ).toBe(200);
    const own = await createVenue(server, { venue: 'Mine' }, 'contributor');
    expect(
      (await server.api(`/venues/${own.id}`, { as: 'contributor', json: { zip: '2' } })).status,
    ).toBe(200);
  });

  it('sets and removes a password (extension), only for those who may edit', async () => {
    const venue = await createVenue(server, { venue: 'Lounge', address: 'Somewhere' });
    await server.api(`/venues/${venue.id}`, { as: 'owner', json: { password: 'pw' } });
    expect(venueOf(await server.api(`/venues/${venue.id}`)).address).toBe('');
    await server.api(`/venues/${venue.id}`, { as: 'owner', json: { password: '' } });
    expect(venueOf(await server.api(`/venues/${venue.id}`)).address).toBe('Somewhere');
  });
});

describe('DELETE /venues/{id}', () => {
  it('moves to the trash (200 with the record), then 410, and force deletes for good', async () => {
    const venue = await createVenue(server, { venue: 'Old Barn' });
    expectError(
      await server.api(`/venues/${venue.id}`, { method: 'DELETE' }),
      401,
      'rest_forbidden',
    );
    const trashed = venueOf(
      await server.api(`/venues/${venue.id}`, { method: 'DELETE', as: 'owner' }),
    );
    expect(trashed).toMatchObject({ id: venue.id, status: 'trash' });
    expectError(
      await server.api(`/venues/${venue.id}`, { method: 'DELETE', as: 'owner' }),
      410,
      'venue-is-in-trash',
    );
    expectError(
      await server.api('/venues/by-slug/old-barn', { method: 'DELETE', as: 'owner' }),
      410,
      'venue-is-in-trash',
    );
    expectError(await server.api(`/venues/${venue.id}`), 403, 'venue-not-accessible');
    expect(venueListOf(await server.api('/venues', { as: 'owner' })).total).toBe(0);
    expect(venueListOf(await server.api('/venues?status=trash', { as: 'owner' })).total).toBe(1);

    const gone = venueOf(
      await server.api(`/venues/${venue.id}?force=true`, { method: 'DELETE', as: 'owner' }),
    );
    expect(gone.id).toBe(venue.id);
    expectError(
      await server.api(`/venues/${venue.id}`, { as: 'owner' }),
      400,
      'rest_invalid_param',
    );
  });

  it('restores from the trash by updating the status', async () => {
    const venue = await createVenue(server, { venue: 'Phoenix' });
    await server.api(`/venues/${venue.id}`, { method: 'DELETE', as: 'owner' });
    const restored = venueOf(
      await server.api(`/venues/${venue.id}`, { as: 'owner', json: { status: 'publish' } }),
    );
    expect(restored.status).toBe('publish');
    expect(venueOf(await server.api(`/venues/${venue.id}`)).venue).toBe('Phoenix');
  });

  it('lets contributors delete only their own unpublished venues', async () => {
    const admins = await createVenue(server, { venue: 'Admin’s' });
    expectError(
      await server.api(`/venues/${admins.id}`, { method: 'DELETE', as: 'contributor' }),
      403,
      'rest_forbidden',
    );
    const own = await createVenue(server, { venue: 'Own draft' }, 'contributor');
    expect(
      (await server.api(`/venues/${own.id}`, { method: 'DELETE', as: 'contributor' })).status,
    ).toBe(200);
  });
});
