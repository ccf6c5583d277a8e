/**
 * Exactly once: a laptop's server killed with SIGKILL at named points of a sync with
 * its hub (MARQUEE_HUB_CRASH_AT: the server kills itself there, as a power cut would), or the hub
 * killed while a laptop sends or while it pulls, then started again and synced: no acknowledged
 * change is lost, none is applied twice, and every side holds the same records.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import {
  connect,
  contents,
  eventually,
  hubSync,
  kill,
  startNode,
  stopAll,
  tokenOn,
  type Node,
} from '../support/hub-cluster.ts';

// Several servers a test, each its own process: more than the project's 30 s on a busy machine.
afterEach(stopAll, 30_000);

const MANUAL = { MARQUEE_HUB_POLL_SECONDS: '0' };

const event = (uuid: string, n: number) => ({
  kind: 'event',
  op: 'create',
  uuid,
  fields: {
    title: { en: `Night ${n}`, de: `Nacht ${n}` },
    start: '2027-03-01 20:00:00',
    end: '2027-03-01 22:00:00',
    timezone: 'Europe/Berlin',
  },
});

/** A sync asked of `laptop` restarted with a crash at `point`; it dies there; started again. */
async function crashedSync(laptop: Node, point: string): Promise<Node> {
  await kill(laptop);
  const crashing = await startNode(laptop.name, {
    dataDir: laptop.dataDir,
    env: { ...MANUAL, MARQUEE_HUB_CRASH_AT: point },
  });
  await crashing.api('marquee/v1/hub/sync', { json: {} }).catch(() => undefined);
  expect((await crashing.server.exit).signal).toBe('SIGKILL');
  // Never on unnoticed: the server said so as it started.
  expect(crashing.server.output().stderr).toContain(`Fault injection is on`);
  return startNode(laptop.name, { dataDir: laptop.dataDir, env: MANUAL });
}

describe('a laptop killed in the middle of a sync', { timeout: 60_000 }, () => {
  for (const point of ['push-intent', 'push-sent', 'pulled']) {
    it(`at ${point} loses nothing and duplicates nothing`, async () => {
      const hub = await startNode('hub', { env: MANUAL });
      let anna = await startNode('anna', { env: MANUAL });
      const ben = await startNode('ben', { env: MANUAL });
      await connect(anna, hub, (await tokenOn(hub, 'Anna')).token);
      await connect(ben, hub, (await tokenOn(hub, 'Ben')).token);
      const shared = randomUUID();
      await ben.edit([event(shared, 0)]);
      await hubSync(ben);
      await hubSync(anna);
      // Anna's changes to send, and Ben's for her to pull.
      const mine = Array.from({ length: 5 }, () => randomUUID());
      await anna.edit(mine.map((uuid, n) => event(uuid, n + 1)));
      await anna.edit([
        { kind: 'event', op: 'update', uuid: shared, fields: { cost: '5 €', title: { ja: '夜' } } },
      ]);
      await ben.edit([
        { kind: 'event', op: 'update', uuid: shared, fields: { title: { es: 'Noche' } } },
      ]);
      await ben.edit([event(randomUUID(), 9)]);
      await hubSync(ben);

      anna = await crashedSync(anna, point);
      const summary = await hubSync(anna);
      await hubSync(ben);
      const [onAnna, onHub, onBen] = await Promise.all([
        contents(anna),
        contents(hub),
        contents(ben),
      ]);
      expect(Object.keys(onHub.event!)).toHaveLength(7);
      expect(onAnna).toEqual(onHub);
      expect(onBen).toEqual(onHub);
      expect(onHub.event![shared]).toMatchObject({
        cost: '5 €',
        title: { en: 'Night 0', de: 'Nacht 0', ja: '夜', es: 'Noche' },
      });
      // Nothing refused (a create sent twice would be), nothing left to do.
      const log = (await anna.api('marquee/v1/hub/log?limit=100')).body as unknown as {
        action: string;
      }[];
      expect(log.filter((entry) => entry.action === 'refused')).toEqual([]);
      expect(summary.conflicts).toBe(0);
      // Nothing of Anna's left to send (a value the hub derived, a slug, may still come back).
      expect(await hubSync(anna)).toMatchObject({ sent: 0, merged: 0, conflicts: 0, deleted: 0 });
    });
  }
});

describe('the hub killed while a laptop sends', { timeout: 60_000 }, () => {
  it('loses no acknowledged change and duplicates none', async () => {
    let hub = await startNode('hub', { env: MANUAL });
    const anna = await startNode('anna', { env: MANUAL });
    await connect(anna, hub, (await tokenOn(hub, 'Anna')).token);
    const uuids = Array.from({ length: 1000 }, () => randomUUID());
    for (let start = 0; start < uuids.length; start += 100)
      await anna.edit(uuids.slice(start, start + 100).map((uuid, n) => event(uuid, start + n)));
    const port = new URL(hub.url).port;
    const sending = anna.api('marquee/v1/hub/sync', { json: {} });
    // Killed once some of the laptop's changes are on the hub, and not all.
    const landed = await eventually(async () => {
      const reply = await hub.api('marquee/v1/sync/pull?since=0&limit=5000');
      const count = (reply.body.records as { event: unknown[] }).event.length;
      if (count === 0) throw new Error('nothing on the hub yet');
      return count;
    }, 20_000);
    await kill(hub);
    expect(landed).toBeLessThan(uuids.length);
    const cut = await sending;
    expect(cut.body.code).toBe('marquee_hub_unreachable');
    hub = await startNode('hub', { dataDir: hub.dataDir, env: MANUAL, port });
    await hubSync(anna);
    const [onAnna, onHub] = await Promise.all([contents(anna), contents(hub)]);
    expect(Object.keys(onHub.event!)).toHaveLength(1000);
    expect(onHub).toEqual(onAnna);
    expect(await hubSync(anna)).toEqual({
      sent: 0,
      received: 0,
      merged: 0,
      conflicts: 0,
      deleted: 0,
    });
  });
});

/** Reads the laptop's database as it is on disk (its server goes on running). */
function onDisk<T>(laptop: Node, read: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(join(laptop.dataDir, 'marquee.db'), { readOnly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** The hub's checkpoint as the laptop keeps it. */
const checkpointOf = (laptop: Node) =>
  onDisk(laptop, (db) => {
    const row = db.prepare("SELECT watermarks FROM peers WHERE kind = 'hub'").get() as {
      watermarks: string;
    };
    return (JSON.parse(row.watermarks) as { checkpoint?: string }).checkpoint ?? '0';
  });

/** How many of the hub's records the laptop has written (each with its bookkeeping). */
const writtenOf = (laptop: Node) =>
  onDisk(
    laptop,
    (db) => (db.prepare('SELECT count(*) AS n FROM peer_records').get() as { n: number }).n,
  );

describe('the hub killed while a laptop pulls', { timeout: 90_000 }, () => {
  it('loses nothing, duplicates nothing, and the checkpoint covers only what was written', async () => {
    let hub = await startNode('hub', { env: MANUAL });
    const anna = await startNode('anna', { env: MANUAL });
    await connect(anna, hub, (await tokenOn(hub, 'Anna')).token);
    await hubSync(anna);
    // Four pages of the pull's 1,000. The laptop asks for the next page before it writes one, so
    // the hub has sent page k + 1 while page k is written: with two pages, a hub quick to answer
    // had sent them all before the kill. With four, the hub's last page waits for two pages'
    // writes after the kill, done in the first.
    const uuids = Array.from({ length: 4000 }, () => randomUUID());
    for (let start = 0; start < uuids.length; start += 500)
      await hub.edit(uuids.slice(start, start + 500).map((uuid, n) => event(uuid, start + n)));
    expect(writtenOf(anna)).toBe(0);
    const port = new URL(hub.url).port;
    const pulling = anna.api('marquee/v1/hub/sync', { json: {} });
    // Killed once some of the hub's events are on the laptop, and not all.
    const until = Date.now() + 30_000;
    let landed = 0;
    while (landed === 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      landed = writtenOf(anna);
    }
    await kill(hub);
    expect(landed).toBeGreaterThan(0);
    expect(landed).toBeLessThan(uuids.length);
    const cut = await pulling;
    expect(cut.body.code).toBe('marquee_hub_unreachable');
    // What the laptop holds when the hub went: its checkpoint never passes a record not written.
    const [held, checkpoint] = [await contents(anna), checkpointOf(anna)];
    expect(Object.keys(held.event!).length).toBeLessThan(uuids.length);

    hub = await startNode('hub', { dataDir: hub.dataDir, env: MANUAL, port });
    const covered = await hub.api(`marquee/v1/sync/pull?since=0&limit=5000`);
    const upTo = (covered.body.records as { event: { uuid: string; rev: number }[] }).event.filter(
      (record) => record.rev <= Number(checkpoint),
    );
    for (const record of upTo) expect(held.event![record.uuid]).toBeDefined();

    const resumed = await hubSync(anna);
    expect(resumed).toMatchObject({ sent: 0, conflicts: 0, deleted: 0 });
    expect(resumed.received).toBe(uuids.length - Object.keys(held.event!).length);
    const [onAnna, onHub] = [await contents(anna), await contents(hub)];
    expect(Object.keys(onHub.event!)).toHaveLength(uuids.length);
    expect(onAnna).toEqual(onHub);
    const log = (await anna.api('marquee/v1/hub/log?limit=100')).body as unknown as {
      action: string;
    }[];
    expect(log.filter((entry) => entry.action === 'refused')).toEqual([]);
    expect(await hubSync(anna)).toEqual({
      sent: 0,
      received: 0,
      merged: 0,
      conflicts: 0,
      deleted: 0,
    });
    // The checkpoint is the hub's latest: nothing left to pull.
    const latest = await hub.api(`marquee/v1/sync/pull?since=${checkpointOf(anna)}&limit=10`);
    expect((latest.body.records as { event: unknown[] }).event).toEqual([]);
  });
});
