/**
 * Settings → Hub's check and a token's replacement, with real servers (a hub and laptops, each
 * its own `marquee serve` process): an empty laptop sees what will arrive, by kind; back on its
 * hub with a new token, a laptop's change made meanwhile counts among what goes to the hub;
 * while connected, the owner replaces the token, a refused one is never kept.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { HubTest } from '#shared/schemas/hub.ts';
import {
  connect,
  hubSync,
  startNode,
  stopAll,
  tokenOn,
  type Node,
} from '../support/hub-cluster.ts';

afterEach(stopAll, 30_000);

const MANUAL = { env: { MARQUEE_HUB_POLL_SECONDS: '0' } };

const zeros = { event: 0, venue: 0, organizer: 0, category: 0, tag: 0 };

/** A venue and an event at it, made on `laptop`. */
async function concert(laptop: Node) {
  const [venue, event] = [randomUUID(), randomUUID()];
  await laptop.edit([
    { kind: 'venue', op: 'create', uuid: venue, baseRev: 0, fields: { name: { en: 'Hall' } } },
    {
      kind: 'event',
      op: 'create',
      uuid: event,
      baseRev: 0,
      fields: {
        title: { en: 'Spring concert' },
        start: '2027-04-10 19:30:00',
        end: '2027-04-10 21:00:00',
        timezone: 'Europe/Berlin',
        venueUuid: venue,
      },
    },
  ]);
  return event;
}

async function check(laptop: Node, hub: Node, token: string): Promise<HubTest> {
  const reply = await laptop.api('marquee/v1/hub', {
    method: 'PUT',
    json: { address: hub.url, token },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as unknown as HubTest;
}

describe('checking a hub', { timeout: 60_000 }, () => {
  it('shows an empty laptop what will arrive, by kind', async () => {
    const hub = await startNode('hub', MANUAL);
    const anna = await startNode('anna', MANUAL);
    const ben = await startNode('ben', MANUAL);
    await connect(anna, hub, (await tokenOn(hub, 'Laptop Anna')).token);
    await concert(anna);
    expect(await hubSync(anna)).toMatchObject({ sent: 2 });

    const { preview } = await check(ben, hub, (await tokenOn(hub, 'Laptop Ben')).token);
    expect(preview).toEqual({
      hub: { ...zeros, event: 1, venue: 1 },
      calendar: zeros,
      same: zeros,
      toHub: zeros,
      toCalendar: { ...zeros, event: 1, venue: 1 },
    });
  });

  it('back on its hub with a new token, counts the change made meanwhile as going there', async () => {
    const hub = await startNode('hub', MANUAL);
    const anna = await startNode('anna', MANUAL);
    await connect(anna, hub, (await tokenOn(hub, 'Laptop Anna')).token);
    const event = await concert(anna);
    await hubSync(anna);
    expect((await anna.api('marquee/v1/hub', { method: 'DELETE' })).status).toBe(200);
    await anna.edit([{ kind: 'event', op: 'update', uuid: event, fields: { cost: '5 €' } }]);

    const token = (await tokenOn(hub, 'Laptop Anna again')).token;
    const { preview } = await check(anna, hub, token);
    expect(preview).toMatchObject({
      same: { event: 1, venue: 1 },
      toHub: { event: 1, venue: 0 },
      toCalendar: { event: 0, venue: 0 },
    });
    expect((await connect(anna, hub, token)).summary).toMatchObject({ sent: 1 });
  });
});

describe('replacing the token while connected', { timeout: 60_000 }, () => {
  it('keeps a new token the hub accepts, never one it refuses, and syncs on', async () => {
    const hub = await startNode('hub', MANUAL);
    const anna = await startNode('anna', MANUAL);
    const first = await tokenOn(hub, 'Laptop Anna');
    await connect(anna, hub, first.token);
    const event = await concert(anna);
    await hubSync(anna);

    const refused = await anna.api('marquee/v1/hub/token', {
      method: 'PUT',
      json: { token: 'not-a-token-of-this-hub' },
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body).toMatchObject({ code: 'marquee_hub_login_failed', data: { status: 400 } });
    // The kept token still works: the refused one was not kept.
    expect(await hubSync(anna)).toMatchObject({ sent: 0 });

    // The old token revoked on the hub: passes fail until the owner gives another.
    expect((await hub.api(`marquee/v1/tokens/${first.id}`, { method: 'DELETE' })).status).toBe(200);
    await anna.edit([{ kind: 'event', op: 'update', uuid: event, fields: { cost: '5 €' } }]);
    expect((await anna.api('marquee/v1/hub/sync', { json: {} })).status).not.toBe(200);
    const second = await tokenOn(hub, 'Laptop Anna, new');
    const replaced = await anna.api('marquee/v1/hub/token', {
      method: 'PUT',
      json: { token: second.token },
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({
      summary: { sent: 1 },
      status: { state: 'up-to-date', connection: { address: hub.url } },
    });
    const status = await anna.api('marquee/v1/hub');
    expect(JSON.stringify(status.body)).not.toContain(second.token);
  });
});
