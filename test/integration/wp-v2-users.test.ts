/**
 * `wp/v2/users/me` and the REST index's wp/v2 entries: who the token is in WordPress's user
 * shape, `rest_not_logged_in` without one, and wp/v2 listed beside TEC's namespaces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('wp/v2/users/me', () => {
  it('refuses a caller without a token as WordPress does', async () => {
    expect(await server.request('/wp-json/wp/v2/users/me')).toMatchObject({
      status: 401,
      body: {
        code: 'rest_not_logged_in',
        message: 'You are not currently logged in.',
        data: { status: 401 },
      },
    });
  });

  it('names the token’s user, and with context=edit its login, roles and capabilities', async () => {
    const view = await server.request('/wp-json/wp/v2/users/me', { as: 'editor' });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ name: 'editor token', slug: 'editor-token', url: '' });
    expect(view.body).not.toHaveProperty('roles');
    const edit = await server.request('/wp-json/wp/v2/users/me?context=edit', { as: 'author' });
    expect(edit.body).toMatchObject({
      username: 'author token',
      roles: ['author'],
      capabilities: { read: true, edit_posts: true, publish_posts: true, edit_others_posts: false },
      extra_capabilities: { author: true },
    });
    const owner = await server.request('/wp-json/wp/v2/users/me?context=edit', { as: 'owner' });
    expect(owner.body).toMatchObject({ id: 1, roles: ['administrator'] });
  });
});

describe('the REST index', () => {
  it('lists wp/v2 and its routes as WordPress does', async () => {
    const index = (await server.request('/wp-json/')).body as {
      namespaces: string[];
      authentication: object;
      routes: Record<string, { namespace: string; methods: string[] }>;
    };
    expect(index.namespaces).toContain('wp/v2');
    expect(index.routes['/wp/v2']).toMatchObject({ namespace: 'wp/v2', methods: ['GET'] });
    const methods = (route: string) => index.routes[route]?.methods;
    expect(methods('/wp/v2/tribe_events')).toEqual(['GET', 'POST']);
    expect(methods('/wp/v2/tribe_events/(?P<id>[\\d]+)')).toEqual([
      'GET',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
    ]);
    expect(methods('/wp/v2/tribe_venue')).toEqual(['GET', 'POST']);
    expect(methods('/wp/v2/tribe_organizer/(?P<id>[\\d]+)')).toHaveLength(5);
    expect(methods('/wp/v2/tribe_events_cat')).toEqual(['GET', 'POST']);
    expect(methods('/wp/v2/tags/(?P<id>[\\d]+)')).toHaveLength(5);
    expect(index.routes['/wp/v2/users/me']).toMatchObject({ namespace: 'wp/v2', methods: ['GET'] });
    const namespace = await server.request('/wp-json/wp/v2');
    expect(namespace.status).toBe(200);
  });
});
