/**
 * Who may write categories and tags, and renames: authors and up
 * create terms (directly or by naming new ones in an event), contributors do not; editing and
 * deleting stay with editors and admins. A rename may take a name another term has: WordPress
 * refuses only a taken slug on update, and term_exists only on create.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { at, createEvent } from '../support/events.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createTerm, termOf } from '../support/terms.ts';
import { expectError } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const soon = { start_date: at(1), end_date: at(1, 2) };

describe('creating terms (item 8)', () => {
  it('lets authors create categories and tags; contributors get 403', async () => {
    for (const plural of ['categories', 'tags'] as const) {
      const made = await createTerm(server, plural, { name: `By author ${plural}` }, 'author');
      expect(made).toMatchObject({ name: `By author ${plural}`, count: 0 });
      expectError(
        await server.api(`/${plural}`, { as: 'contributor', json: { name: 'By contributor' } }),
        403,
        'rest_forbidden',
      );
      expectError(
        await server.api(`/${plural}`, { json: { name: 'By nobody' } }),
        401,
        'rest_forbidden',
      );
    }
    const parent = await createTerm(server, 'categories', { name: 'Music' }, 'editor');
    const child = await createTerm(
      server,
      'categories',
      { name: 'Jazz', parent: parent.id },
      'author',
    );
    expect(child.parent).toBe(parent.id);
  });

  it('answers a new term with its wp/v2 address in Location, as TEC does', async () => {
    for (const [plural, route] of [
      ['categories', 'tribe_events_cat'],
      ['tags', 'tags'],
    ] as const) {
      const reply = await server.api(`/${plural}`, { as: 'owner', json: { name: `New ${route}` } });
      const { id } = reply.body as { id: number };
      expect(reply.headers.get('location')).toBe(`${server.url}/wp-json/wp/v2/${route}/${id}`);
      expect((await server.request(`/wp-json/wp/v2/${route}/${id}`)).status).toBe(200);
    }
  });

  it('lets whoever writes an event name new categories and tags in it, as TEC does', async () => {
    const event = await createEvent(
      server,
      { title: 'Gig', ...soon, categories: ['New category'], tags: ['new tag'] },
      'author',
    );
    expect(event.categories.map((term) => term.name)).toEqual(['New category']);
    expect(event.tags.map((term) => term.name)).toEqual(['new tag']);
    const draft = await createEvent(
      server,
      { title: 'Draft gig', ...soon, categories: ['Another category'] },
      'contributor',
    );
    expect(draft.categories.map((term) => term.name)).toEqual(['Another category']);
  });

  it('keeps updates and deletes to editors and admins', async () => {
    for (const plural of ['categories', 'tags'] as const) {
      const own = await createTerm(server, plural, { name: 'Mine' }, 'author');
      for (const as of ['author', 'contributor'] as const) {
        expectError(
          await server.api(`/${plural}/${own.id}`, { as, json: { name: 'Renamed' } }),
          403,
          'rest_forbidden',
        );
        expectError(
          await server.api(`/${plural}/${own.id}`, { as, method: 'DELETE' }),
          403,
          'rest_forbidden',
        );
      }
      const renamed = await server.api(`/${plural}/${own.id}`, {
        as: 'editor',
        json: { name: 'Renamed' },
      });
      expect(renamed.status).toBe(200);
      const removed = await server.api(`/${plural}/${own.id}`, { as: 'editor', method: 'DELETE' });
      expect(removed.status).toBe(200);
    }
  });
});

describe('renaming terms (item 9)', () => {
  it('renames a tag to another tag’s name, keeping its own slug', async () => {
    const jazz = await createTerm(server, 'tags', { name: 'Jazz' });
    const blues = await createTerm(server, 'tags', { name: 'Blues' });
    const reply = await server.api(`/tags/${blues.id}`, { as: 'editor', json: { name: 'JAZZ' } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(termOf(reply)).toMatchObject({ id: blues.id, name: 'JAZZ', slug: 'blues' });
    expect(termOf(await server.api(`/tags/${jazz.id}`))).toMatchObject({
      name: 'Jazz',
      slug: 'jazz',
    });
    // Creating with a taken name is still term_exists.
    const duplicate = expectError(
      await server.api('/tags', { as: 'editor', json: { name: 'jazz' } }),
      400,
      'term_exists',
    );
    expect(duplicate.data.term_id).toBe(jazz.id);
  });

  it('renames or moves a category beside a same-named sibling; a taken slug is still 400', async () => {
    const music = await createTerm(server, 'categories', { name: 'Music' });
    const jazz = await createTerm(server, 'categories', { name: 'Jazz', parent: music.id });
    const swing = await createTerm(server, 'categories', { name: 'Swing', parent: music.id });
    const renamed = await server.api(`/categories/${swing.id}`, {
      as: 'owner',
      method: 'PUT',
      json: { name: 'Jazz' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(termOf(renamed)).toMatchObject({ name: 'Jazz', slug: 'swing', parent: music.id });

    const topJazz = await createTerm(server, 'categories', { name: 'Jazz' });
    const moved = await server.api(`/categories/${topJazz.id}`, {
      as: 'owner',
      json: { parent: music.id },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(termOf(moved).parent).toBe(music.id);

    expectError(
      await server.api(`/categories/${swing.id}`, {
        as: 'owner',
        json: { name: 'Jazz', slug: jazz.slug },
      }),
      400,
      'duplicate_term_slug',
    );
    expectError(
      await server.api('/categories', { as: 'owner', json: { name: 'jazz', parent: music.id } }),
      400,
      'term_exists',
    );
  });
});
