/**
 * The hub sync's safety rules, with real servers: a revoked token stops the sync with
 * a clear message and keeps the unsent changes; plain http to another machine is refused unless
 * the user says so; a hub that speaks another version of the protocol is refused before anything
 * is exchanged.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, contents, startNode, stopAll, tokenOn } from '../support/hub-cluster.ts';

// Several servers a test, each its own process: more than the project's 30 s on a busy machine.
afterEach(stopAll, 30_000);

const MANUAL = { env: { MARQUEE_HUB_POLL_SECONDS: '0' } };

const event = (uuid: string) => ({
  kind: 'event',
  op: 'create',
  uuid,
  fields: {
    title: { en: 'Quiz night', fr: 'Soirée quiz' },
    start: '2027-02-01 20:00:00',
    end: '2027-02-01 22:00:00',
    timezone: 'Europe/Berlin',
  },
});

describe('a revoked token', { timeout: 60_000 }, () => {
  it('stops the sync with a clear message, keeps the unsent changes, and a new token sends them', async () => {
    const hub = await startNode('hub', MANUAL);
    const anna = await startNode('anna', MANUAL);
    const made = await tokenOn(hub, 'Laptop Anna');
    await connect(anna, hub, made.token);
    // Something sent with the first token: the hub knows this laptop as that token's client.
    await anna.edit([event(randomUUID())]);
    expect((await anna.api('marquee/v1/hub/sync', { json: {} })).body.summary).toMatchObject({
      sent: 1,
    });
    expect((await hub.api(`marquee/v1/tokens/${made.id}`, { method: 'DELETE' })).status).toBe(200);
    const uuid = randomUUID();
    await anna.edit([event(uuid)]);
    const refused = await anna.api('marquee/v1/hub/sync', { json: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('marquee_hub_login_failed');
    expect(refused.body.message).toMatch(/refused the token.*revoked.*unsent changes are kept/);
    const status = (await anna.api('marquee/v1/hub')).body;
    expect(status).toMatchObject({ state: 'cannot-log-in', pending: 1 });
    expect(JSON.stringify(status)).not.toContain(made.token);
    expect((await contents(anna)).event![uuid]).toBeDefined();
    expect((await contents(hub)).event![uuid]).toBeUndefined();

    await connect(anna, hub, (await tokenOn(hub, 'Laptop Anna, again')).token);
    expect((await contents(hub)).event![uuid]).toEqual((await contents(anna)).event![uuid]);
    expect((await anna.api('marquee/v1/hub')).body).toMatchObject({ state: 'up-to-date' });
  });
});

/** This machine's address on its network (not loopback), if it has one. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;

describe('plain http', { timeout: 60_000 }, () => {
  it('to another machine is refused unless the user says --insecure; loopback is fine', async () => {
    const hub = await startNode('hub', { env: MANUAL.env, host: '0.0.0.0' });
    const anna = await startNode('anna', MANUAL);
    const { token } = await tokenOn(hub, 'Laptop Anna');
    const port = new URL(hub.url).port;
    const address = `http://${lanAddress ?? '192.0.2.1'}:${port}`;
    const refused = await anna.api('marquee/v1/hub', {
      method: 'PUT',
      json: { address, token, confirm: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'marquee_hub_insecure' });
    expect(refused.body.message).toMatch(/plain http.*--insecure/);
    expect((await anna.api('marquee/v1/hub')).body.state).toBe('not-connected');
    if (!lanAddress) return;
    const allowed = await anna.api('marquee/v1/hub', {
      method: 'PUT',
      json: { address, token, insecure: true, confirm: true },
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect((allowed.body.status as { connection: object }).connection).toMatchObject({
      insecure: true,
    });
  });
});

describe('another version of the protocol', { timeout: 60_000 }, () => {
  let other: Server | undefined;
  afterEach(() => other?.close());

  it('is refused before anything is exchanged, and says which side to update', async () => {
    const asked: string[] = [];
    other = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          protocol: 2,
          version: '9.0.0',
          user: { id: 2, name: 'x', role: 'editor' },
        }),
      );
    });
    await new Promise<void>((resolve) => other!.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as { port: number }).port;
    const anna = await startNode('anna', MANUAL);
    await anna.edit([event(randomUUID())]);
    const refused = await anna.api('marquee/v1/hub', {
      method: 'PUT',
      json: { address: `http://127.0.0.1:${port}`, token: 'a-token-of-that-hub', confirm: true },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('marquee_hub_wrong_version');
    expect(refused.body.message).toMatch(
      /version 2 .* version 1: nothing was exchanged\. Update this laptop/,
    );
    expect(asked).toEqual(['/wp-json/marquee/v1/sync/info']);
    expect((await anna.api('marquee/v1/hub')).body.state).toBe('not-connected');
  });
});
