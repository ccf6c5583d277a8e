/**
 * The hub's website for its laptops (`marquee/v1/sync/site`) with no website anywhere: the
 * replica protocol's right (an editor's token, as a laptop's is), not an author's; a laptop on
 * a hub with no website says so through its own `marquee/v1/site`, connects none itself, and
 * keeps its hub's address in every answer. The real site's side: test/site/site-relay.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { siteStatusSchema } from '#shared/schemas/site.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function started(): Promise<TestServer> {
  const server = await startTestServer({ hubPollSeconds: 0, sitePollSeconds: 0 });
  servers.push(server);
  return server;
}

describe('the hub’s website, for its laptops', () => {
  it('answers editors as the sync does, and refuses authors', async () => {
    const hub = await started();
    const status = await hub.request('/wp-json/marquee/v1/sync/site', { as: 'editor' });
    expect(status.status).toBe(200);
    expect(siteStatusSchema.parse(status.body)).toMatchObject({
      state: 'not-connected',
      via: null,
    });
    expect(
      (await hub.request('/wp-json/marquee/v1/sync/site/conflicts', { as: 'editor' })).body,
    ).toEqual([]);
    for (const path of ['sync/site', 'sync/site/conflicts', 'sync/site/log']) {
      const refused = await hub.request(`/wp-json/marquee/v1/${path}`, { as: 'author' });
      expect(refused.status, path).toBe(403);
    }
    const links = await hub.request('/wp-json/marquee/v1/sync/site/links', {
      as: 'author',
      json: { address: 'https://venue.example', links: [] },
    });
    expect(links.status).toBe(403);
    // Deciding needs a website: the envelope says so.
    const decided = await hub.request('/wp-json/marquee/v1/sync/site/conflicts/1', {
      as: 'editor',
      json: { keep: 'marquee' },
    });
    expect(decided.status).toBe(409);
    expect(decided.body).toMatchObject({
      code: 'marquee_site_not_connected',
      data: { status: 409 },
    });
  });

  it('shows a laptop its hub’s absent website, and refuses a website of its own', async () => {
    const hub = await started();
    const laptop = await started();
    const made = await hub.request('/wp-json/marquee/v1/tokens', {
      as: 'owner',
      json: { name: 'Laptop', role: 'editor' },
    });
    const { token } = made.body as { token: string };
    const joined = await laptop.request('/wp-json/marquee/v1/hub', {
      as: 'owner',
      method: 'PUT',
      json: { address: hub.url, token, confirm: true },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);

    const status = siteStatusSchema.parse(
      (await laptop.request('/wp-json/marquee/v1/site', { as: 'owner' })).body,
    );
    expect(status).toMatchObject({ state: 'not-connected', via: hub.url, connection: null });
    expect((await laptop.request('/wp-json/marquee/v1/site/log', { as: 'owner' })).status).toBe(
      200,
    );
    for (const [method, path, json] of [
      ['PUT', 'site', { address: 'https://venue.example', login: 'a', password: 'b' }],
      ['DELETE', 'site', undefined],
      ['POST', 'site/sync', {}],
    ] as const) {
      const refused = await laptop.request(`/wp-json/marquee/v1/${path}`, {
        as: 'owner',
        method,
        ...(json && { json }),
      });
      expect(refused.status, `${method} ${path}`).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'marquee_site_on_hub',
        data: { status: 409, hub: hub.url },
      });
    }

    // Off the hub, the laptop's own website again.
    await laptop.request('/wp-json/marquee/v1/hub', { as: 'owner', method: 'DELETE' });
    const own = siteStatusSchema.parse(
      (await laptop.request('/wp-json/marquee/v1/site', { as: 'owner' })).body,
    );
    expect(own).toMatchObject({ state: 'not-connected', via: null });
  });
});
