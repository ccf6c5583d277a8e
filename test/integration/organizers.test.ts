/** Organizers: the linked-post rules with the organizer's fields and codes. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  tecOrganizerListSchema,
  tecOrganizerSchema,
  type TecOrganizer,
} from '#shared/tec/organizer.ts';
import {
  startTestServer,
  type Caller,
  type Reply,
  type TestServer,
} from '../support/test-server.ts';
import { expectError } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const organizerOf = (reply: Reply) => tecOrganizerSchema.parse(reply.body);
const listOf = (reply: Reply) => tecOrganizerListSchema.parse(reply.body);

async function createOrganizer(
  body: Record<string, unknown>,
  as: Caller = 'owner',
): Promise<TecOrganizer> {
  const reply = await server.api('/organizers', { as, json: body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return organizerOf(reply);
}

describe('organizers', () => {
  it('creates and reads TEC’s organizer shape, with a Person as JSON-LD', async () => {
    const created = await createOrganizer({
      organizer: 'Jazz Society',
      description: 'Since 1950',
      phone: '+1 555',
      email: 'hello@jazz.example',
      website: 'https://jazz.example',
    });
    expect(created).not.toHaveProperty('json_ld');
    const reply = await server.api(`/organizers/${created.id}`);
    const organizer = organizerOf(reply);
    // The wire's own key order (parsing reorders keys to the schema's).
    const raw = reply.body as object;
    expect(Object.keys(raw)).toEqual([
      'id',
      'author',
      'status',
      'date',
      'date_utc',
      'modified',
      'modified_utc',
      'url',
      'organizer',
      'description',
      'slug',
      'phone',
      'website',
      'email',
      'json_ld',
      'global_id',
      'global_id_lineage',
      'language',
      'translations',
    ]);
    expect(organizer).toMatchObject({
      organizer: 'Jazz Society',
      slug: 'jazz-society',
      email: 'hello@jazz.example',
    });
    expect(organizer.json_ld).toMatchObject({
      '@type': 'Person',
      name: 'Jazz Society',
      email: 'hello@jazz.example',
    });
    expect(organizerOf(await server.api('/organizers/by-slug/jazz-society')).id).toBe(created.id);
  });

  it('requires the organizer name and checks its fields', async () => {
    expectError(
      await server.api('/organizers', { as: 'owner', json: { phone: '1' } }),
      400,
      'rest_missing_callback_param',
    );
    expectError(
      await server.api('/organizers', { as: 'owner', json: { organizer: '' } }),
      400,
      'rest_invalid_param',
    );
    expectError(
      await server.api('/organizers', {
        as: 'owner',
        json: { organizer: 'X', website: 'not a url' },
      }),
      400,
      'rest_invalid_param',
    );
    expectError(
      await server.api('/organizers', { json: { organizer: 'X' } }),
      401,
      'rest_forbidden',
    );
  });

  it('searches name, description, phone, email and website by fragments', async () => {
    await createOrganizer({
      organizer: 'One',
      phone: '1111',
      email: 'one@common.com',
      website: 'http://one.com',
    });
    await createOrganizer({ organizer: 'Two', phone: '1111 22', email: 'two@common.com' });
    await createOrganizer({ organizer: 'Three', email: 'three@three.com' });
    const count = async (search: string) =>
      listOf(await server.api(`/organizers?search=${encodeURIComponent(search)}`)).total;
    expect(await count('1111')).toBe(2);
    expect(await count('common.com')).toBe(2);
    expect(await count('three@three.com')).toBe(1);
    expect(await count('http://one.com')).toBe(1);
    expect(await count('@common.com')).toBe(2);
  });

  it('updates partially, keeping the other fields (TEC 69)', async () => {
    const organizer = await createOrganizer({
      organizer: 'Promoter',
      email: 'a@b.example',
      phone: '9',
      website: 'https://p.example',
    });
    const renamed = organizerOf(
      await server.api(`/organizers/${organizer.id}`, {
        as: 'owner',
        json: { organizer: 'Promoters' },
      }),
    );
    expect(renamed).toMatchObject({
      organizer: 'Promoters',
      email: 'a@b.example',
      phone: '9',
      website: 'https://p.example',
    });
    const cleared = organizerOf(
      await server.api(`/organizers/${organizer.id}`, { as: 'owner', json: { phone: '' } }),
    );
    expect(cleared).not.toHaveProperty('phone');
  });

  it('reuses an organizer of the same name, and pages with its own codes', async () => {
    const first = await createOrganizer({ organizer: 'Same' });
    expect((await createOrganizer({ organizer: 'SAME', email: 'x@y.example' })).id).toBe(first.id);
    expectError(await server.api('/organizers?page=2'), 404, 'organizer-archive-page-not-found');
    const draft = await createOrganizer({ organizer: 'Hidden', status: 'draft' });
    expectError(await server.api(`/organizers/${draft.id}`), 403, 'organizer-not-accessible');
  });

  it('trashes (410 the second time) and redacts protected organizers', async () => {
    const organizer = await createOrganizer({
      organizer: 'Secret Agent',
      email: 'me@spy.example',
      password: 'x',
    });
    expect(organizerOf(await server.api(`/organizers/${organizer.id}`))).toMatchObject({
      organizer: 'Secret Agent',
      email: '',
    });
    expect(organizerOf(await server.api(`/organizers/${organizer.id}?password=x`)).email).toBe(
      'me@spy.example',
    );
    expect(
      organizerOf(
        await server.api(`/organizers/${organizer.id}`, { method: 'DELETE', as: 'owner' }),
      ).status,
    ).toBe('trash');
    expectError(
      await server.api(`/organizers/${organizer.id}`, { method: 'DELETE', as: 'owner' }),
      410,
      'organizer-is-in-trash',
    );
  });

  it('keeps the venue and organizer id sequences shared, as WordPress posts do', async () => {
    const venue = await server.api('/venues', { as: 'owner', json: { venue: 'V' } });
    const organizer = await createOrganizer({ organizer: 'O' });
    expect(organizer.id).toBe((venue.body as { id: number }).id + 1);
    expectError(await server.api(`/venues/${organizer.id}`), 400, 'rest_invalid_param');
  });
});
