/**
 * What the desktop app's update policy reads from its calendar before it installs at quit
 * (server/peers/update-work.ts, shared/updates/update-policy.ts), on a real laptop and hub:
 * Settings' "Update automatically", the hub's address (where the laptop's updates come from),
 * and the changes the hub has not taken yet, which hold the install back until they are sent.
 */
import { afterEach, expect, it } from 'vitest';
import { installOnQuit } from '#shared/updates/update-policy.ts';
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

it('follows Settings’ switch, and installs only once the hub has every change', async () => {
  const hub = await started();
  const laptop = await started();
  expect(laptop.updateWork()).toEqual({
    automatic: true,
    unsentChanges: 0,
    syncing: false,
    hubAddress: null,
  });

  const off = await laptop.request('/wp-json/marquee/v1/settings', {
    as: 'owner',
    method: 'PATCH',
    json: { autoUpdate: false },
  });
  expect(off.status, JSON.stringify(off.body)).toBe(200);
  expect(laptop.updateWork().automatic).toBe(false);
  expect(installOnQuit(true, laptop.updateWork())).toEqual({ install: false, reason: 'off' });
  await laptop.request('/wp-json/marquee/v1/settings', {
    as: 'owner',
    method: 'PATCH',
    json: { autoUpdate: true },
  });

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
  expect(laptop.updateWork()).toMatchObject({ unsentChanges: 0, hubAddress: hub.url });

  // An event made on the laptop, not yet at the hub (its sync runs only when asked, here).
  const created = await laptop.api('/events', {
    as: 'owner',
    json: {
      title: 'Quiz night',
      start_date: '2026-12-01 19:00:00',
      end_date: '2026-12-01 21:00:00',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(laptop.updateWork().unsentChanges).toBeGreaterThan(0);
  expect(installOnQuit(true, laptop.updateWork())).toEqual({
    install: false,
    reason: 'unsent-changes',
  });

  const synced = await laptop.request('/wp-json/marquee/v1/hub/sync', { as: 'owner', json: {} });
  expect(synced.status, JSON.stringify(synced.body)).toBe(200);
  expect(laptop.updateWork()).toMatchObject({ unsentChanges: 0, syncing: false });
  expect(installOnQuit(true, laptop.updateWork())).toEqual({ install: true });
});
