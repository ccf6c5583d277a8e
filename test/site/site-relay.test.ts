/**
 * A laptop on a hub that syncs with the website: the laptop shows the website's state, its
 * conflicts and its log as the hub sees them (`via` names the hub), decides a conflict (the hub
 * applies it, and the site gets the choice at the hub's next pass), from the API and from
 * `marquee site conflicts|resolve`; it connects no website itself; a hub away is a state.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteConflict, SiteStatus } from '#shared/schemas/site.ts';
import type { PeerLogEntry } from '#shared/schemas/peer.ts';
import { runCli } from '../support/cli-process.ts';
import { pull } from '../support/sync.ts';
import { calendarFor, connectedCalendar } from '../support/site-sync.ts';
import type { TestServer } from '../support/test-server.ts';
import { adminRequest, createTecEvent, mark, tecSite, type Json } from '../support/tec-site.ts';

const site = tecSite();

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

const when = { start_date: '2027-12-10 19:00:00', end_date: '2027-12-10 21:00:00' };

async function ok(server: TestServer, path: string, init: Parameters<TestServer['request']>[1]) {
  const reply = await server.request(`/wp-json/marquee/v1/${path}`, { as: 'owner', ...init });
  expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(200);
  return reply.body;
}

async function join(laptop: TestServer, hub: TestServer): Promise<void> {
  const made = await hub.request('/wp-json/marquee/v1/tokens', {
    as: 'owner',
    json: { name: `laptop ${mark()}`, role: 'editor' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const token = (made.body as { token: string }).token;
  await ok(laptop, 'hub', { method: 'PUT', json: { address: hub.url, token, confirm: true } });
}

describe.skipIf(!site)('the website, relayed by the hub to a laptop', () => {
  it('shows the hub’s conflict on the laptop, and the laptop’s decision reaches the site', async () => {
    const hub = await connectedCalendar();
    servers.push(hub);
    const laptop = await calendarFor();
    servers.push(laptop);
    await join(laptop, hub);

    const tag = mark();
    const made = await createTecEvent({ title: `Relayed ${tag}`, ...when });
    await ok(hub, 'site/sync', { method: 'POST', json: {} });
    await ok(laptop, 'hub/sync', { method: 'POST', json: {} });
    const mine = (await pull(laptop)).records.event.find(
      (event) => event.title.en === `Relayed ${tag}`,
    );
    expect(mine).toBeDefined();

    // The laptop and the website change the same field: the hub's pass finds the conflict.
    await laptop.api(`/events/${mine!.id}`, { as: 'owner', json: { title: `Laptop ${tag}` } });
    await adminRequest(`tribe/events/v1/events/${made.id}`, {
      body: { title: `Website ${tag}`, ...when },
    });
    await ok(laptop, 'hub/sync', { method: 'POST', json: {} });
    await ok(hub, 'site/sync', { method: 'POST', json: {} });

    const status = (await ok(laptop, 'site', {})) as SiteStatus;
    expect(status).toMatchObject({ state: 'needs-decision', conflicts: 1, via: hub.url });
    expect(status.connection?.address).toBe(site!.url);
    const conflicts = (await ok(laptop, 'site/conflicts', {})) as SiteConflict[];
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]!.fields).toEqual({
      title: { marquee: { en: `Laptop ${tag}` }, site: { en: `Website ${tag}` } },
    });
    const log = (await ok(laptop, 'site/log', {})) as PeerLogEntry[];
    expect(log.some((entry) => entry.action === 'conflict' && entry.name === `Laptop ${tag}`)).toBe(
      true,
    );

    // The command line says the same, naming the hub, and decides there.
    const listed = await runCli(['site', 'conflicts', '--data', laptop.dataDir]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`the hub (${hub.url}): {"en":"Laptop ${tag}"}`);
    expect(listed.stdout).toContain(`the website: {"en":"Website ${tag}"}`);
    const decided = await runCli([
      'site',
      'resolve',
      String(conflicts[0]!.id),
      '--keep',
      'marquee',
      '--data',
      laptop.dataDir,
    ]);
    expect(decided.code, decided.stderr).toBe(0);
    expect(decided.stdout).toContain(`Decided on the hub ${hub.url}; 0 left to decide.`);

    await ok(hub, 'site/sync', { method: 'POST', json: {} });
    const siteNow = (await adminRequest(`wp/v2/tribe_events/${made.id}?context=edit`)).body;
    expect((siteNow.title as Json).raw).toBe(`Laptop ${tag}`);
    expect(((await ok(laptop, 'site', {})) as SiteStatus).state).toBe('up-to-date');
  });

  it('refuses to connect a website on a laptop on a hub, and says when the hub is away', async () => {
    const hub = await connectedCalendar();
    servers.push(hub);
    const laptop = await calendarFor();
    servers.push(laptop);
    await join(laptop, hub);

    const refused = await laptop.request('/wp-json/marquee/v1/site', {
      as: 'owner',
      method: 'PUT',
      json: { address: site!.url, login: 'admin', password: site!.passwords.admin },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'marquee_site_on_hub',
      data: { status: 409, hub: hub.url },
    });

    await hub.close();
    servers.splice(servers.indexOf(hub), 1);
    const away = (await ok(laptop, 'site', {})) as SiteStatus;
    expect(away).toMatchObject({
      state: 'offline',
      via: hub.url,
      problem: { code: 'marquee_hub_unreachable' },
    });
    const conflicts = await laptop.request('/wp-json/marquee/v1/site/conflicts', { as: 'owner' });
    expect(conflicts.status).toBe(502);
    expect(conflicts.body).toMatchObject({ code: 'marquee_hub_unreachable' });
  });
});
