/**
 * A laptop that synced with the website, then joined a hub that syncs with it (as the README
 * says to do): its links to the website go to the hub, so an event trashed while the laptop
 * synced with the website, and restored after the hub took over, is untrashed there — the same
 * post — not made again. Both orders of the hub's own connection, and a laptop still connected
 * to the website as it joins (its connection is handed over, and its log says so). A laptop and
 * a hub that each synced with the website made a record of each post: one is kept, with what
 * the laptop changed since (no 500, no post twice).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteStatus } from '#shared/schemas/site.ts';
import type { PeerLogEntry } from '#shared/schemas/peer.ts';
import { pull } from '../support/sync.ts';
import {
  calendarFor,
  connect as connectSite,
  connectedCalendar,
  type ConnectedCalendar,
} from '../support/site-sync.ts';
import type { TestServer } from '../support/test-server.ts';
import { adminRequest, createTecEvent, mark, tecIds, tecSite } from '../support/tec-site.ts';

const site = tecSite();

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

const when = { start_date: '2027-12-03 19:00:00', end_date: '2027-12-03 21:00:00' };

async function siteStatusOf(id: number): Promise<string | number> {
  const reply = await adminRequest(`wp/v2/tribe_events/${id}?context=edit&_fields=status`);
  return reply.status === 200 ? String(reply.body.status) : reply.status;
}

/** Every post on the site with this title, in any status (the trash too). */
async function postsTitled(title: string): Promise<number[]> {
  const reply = await adminRequest(
    `wp/v2/tribe_events?search=${encodeURIComponent(title)}&status=publish,draft,pending,private,future,trash&context=edit&_fields=id,title&per_page=100`,
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body as unknown as { id: number; title: { raw: string } }[])
    .filter((post) => post.title.raw === title)
    .map((post) => post.id);
}

async function ok(server: TestServer, path: string, init: Parameters<TestServer['request']>[1]) {
  const reply = await server.request(`/wp-json/marquee/v1/${path}`, { as: 'owner', ...init });
  expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(200);
  return reply.body;
}

const siteSync = (server: TestServer) => ok(server, 'site/sync', { method: 'POST', json: {} });
const hubSync = (server: TestServer) => ok(server, 'hub/sync', { method: 'POST', json: {} });

/** A laptop joins the hub with an editor's token made there. */
async function join(laptop: TestServer, hub: TestServer): Promise<void> {
  const made = await hub.request('/wp-json/marquee/v1/tokens', {
    as: 'owner',
    json: { name: `laptop ${mark()}`, role: 'editor' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const token = (made.body as { token: string }).token;
  await ok(laptop, 'hub', { method: 'PUT', json: { address: hub.url, token, confirm: true } });
}

/** A laptop connected to the site, with an event of the site's it trashed and synced. */
async function laptopWithTrashedEvent(): Promise<{
  laptop: ConnectedCalendar;
  postId: number;
  eventId: number;
  title: string;
}> {
  const laptop = await connectedCalendar();
  servers.push(laptop);
  const title = `Handed over ${mark()}`;
  const made = await createTecEvent({ title, ...when });
  await laptop.sync();
  const mine = (await pull(laptop)).records.event.find((event) => event.title.en === title);
  expect(mine).toBeDefined();
  await laptop.api(`/events/${mine!.id}`, { as: 'owner', method: 'DELETE' });
  expect(await laptop.sync()).toMatchObject({ deleted: 1 });
  expect(await siteStatusOf(made.id)).toBe('trash');
  return { laptop, postId: made.id, eventId: mine!.id, title };
}

/** Restores the event on the laptop, and syncs laptop → hub → site. */
async function restoreThroughHub(laptop: TestServer, hub: TestServer, eventId: number) {
  const restored = await laptop.api(`/events/${eventId}`, {
    as: 'owner',
    json: { status: 'publish' },
  });
  expect(restored.status, JSON.stringify(restored.body)).toBe(200);
  await hubSync(laptop);
  await siteSync(hub);
}

async function expectUntrashed(postId: number, title: string): Promise<void> {
  expect(await siteStatusOf(postId)).toBe('publish');
  expect(await postsTitled(title)).toEqual([postId]);
  expect(await tecIds(`search=${encodeURIComponent(title)}`)).toEqual([postId]);
}

describe.skipIf(!site)('a laptop’s website links, handed to its hub', () => {
  it('untrashes the same post when the hub was connected to the site first', async () => {
    const { laptop, postId, eventId, title } = await laptopWithTrashedEvent();
    await ok(laptop, 'site', { method: 'DELETE' });
    const hub = await connectedCalendar();
    servers.push(hub);
    await join(laptop, hub);
    await siteSync(hub);

    await restoreThroughHub(laptop, hub, eventId);
    await expectUntrashed(postId, title);
  });

  it('untrashes the same post when the hub connects to the site after the laptop joined', async () => {
    const { laptop, postId, eventId, title } = await laptopWithTrashedEvent();
    await ok(laptop, 'site', { method: 'DELETE' });
    const hub = await calendarFor();
    servers.push(hub);
    await join(laptop, hub);
    const connected = await connectSite(hub);
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);

    await restoreThroughHub(laptop, hub, eventId);
    await expectUntrashed(postId, title);
  });

  it('hands the website over when the laptop joins while still connected to it', async () => {
    const { laptop, postId, eventId, title } = await laptopWithTrashedEvent();
    const hub = await connectedCalendar();
    servers.push(hub);
    await join(laptop, hub);

    // The laptop syncs with the website no more: its state is the hub's, relayed.
    const status = (await ok(laptop, 'site', {})) as SiteStatus;
    expect(status.via).toBe(hub.url);
    const refused = await laptop.request('/wp-json/marquee/v1/site/sync', {
      as: 'owner',
      json: {},
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'marquee_site_on_hub', data: { status: 409 } });
    const hubLog = (await ok(laptop, 'hub/log', {})) as PeerLogEntry[];
    expect(hubLog.some((entry) => entry.detail?.key === 'websiteHanded')).toBe(true);

    await siteSync(hub);
    await restoreThroughHub(laptop, hub, eventId);
    await expectUntrashed(postId, title);
  });

  it('keeps one record of a post the laptop and the hub had each made, with the laptop’s change', async () => {
    const m = mark();
    const title = `Both made ${m}`;
    const made = await createTecEvent({
      title,
      ...when,
      venue: { venue: `Hall ${m}`, city: 'Leipzig' },
      categories: [`both-${m}`],
    });
    const laptop = await connectedCalendar();
    servers.push(laptop);
    const hub = await connectedCalendar();
    servers.push(hub);
    // Changed on the laptop after its last sync with the website, before it joins.
    const mine = (await pull(laptop)).records.event.find((event) => event.title.en === title)!;
    await laptop.api(`/events/${mine.id}`, { as: 'owner', json: { cost: '17' } });
    await ok(laptop, 'site', { method: 'DELETE' });
    await join(laptop, hub);
    await siteSync(hub);
    await hubSync(laptop);

    for (const server of [hub, laptop]) {
      const events = await server.api(`/events?search=${m}&status=publish,draft`, { as: 'owner' });
      expect((events.body as { events: unknown[] }).events).toHaveLength(1);
      const venues = await server.api(`/venues?search=${m}`, { as: 'owner' });
      expect((venues.body as { venues: unknown[] }).venues).toHaveLength(1);
      const categories = await server.api(`/categories?search=${m}&hide_empty=false`, {
        as: 'owner',
      });
      expect((categories.body as { categories: unknown[] }).categories).toHaveLength(1);
    }
    expect(await postsTitled(title)).toEqual([made.id]);
    const onSite = await adminRequest(`tribe/events/v1/events/${made.id}`);
    expect(onSite.body.cost).toBe('$17');
  });
});
