/**
 * The hub sync, with real servers: a hub and two laptops, each its own `marquee
 * serve` process and data directory. Every field goes, in every language; a laptop's change
 * reaches the other by itself within seconds; a conflict is decided on the laptop that found it
 * and the decision reaches everyone.
 */
import { randomUUID } from 'node:crypto';
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
} from '../support/hub-cluster.ts';

// Several servers a test, each its own process: more than the project's 30 s on a busy machine.
afterEach(stopAll, 30_000);

const MANUAL = { env: { MARQUEE_HUB_POLL_SECONDS: '0' } };

function newEvent(uuid: string, venueUuid: string | null = null) {
  return {
    kind: 'event',
    op: 'create',
    uuid,
    baseRev: 0,
    fields: {
      title: { en: 'Spring concert', de: 'Frühlingskonzert', ja: '春のコンサート' },
      description: { en: '<p>Strings</p>', fr: '<p>Cordes</p>' },
      start: '2027-04-10 19:30:00',
      end: '2027-04-10 21:00:00',
      timezone: 'Europe/Berlin',
      cost: '12 €',
      status: 'draft',
      venueUuid,
    },
  };
}

describe('a hub and two laptops', { timeout: 60_000 }, () => {
  it('carries every field in every language both ways, and deletions', async () => {
    const hub = await startNode('hub', MANUAL);
    const anna = await startNode('anna', MANUAL);
    const ben = await startNode('ben', MANUAL);
    await connect(anna, hub, (await tokenOn(hub, 'Laptop Anna')).token);
    await connect(ben, hub, (await tokenOn(hub, 'Laptop Ben')).token);

    const venue = randomUUID();
    const category = randomUUID();
    const event = randomUUID();
    await anna.edit([
      {
        kind: 'venue',
        op: 'create',
        uuid: venue,
        baseRev: 0,
        fields: { name: { en: 'Hall', bg: 'Зала' }, city: 'Graz' },
      },
      {
        kind: 'category',
        op: 'create',
        uuid: category,
        baseRev: 0,
        fields: { name: { en: 'Jazz', 'zh-hans': '爵士' }, color: '#aa3300' },
      },
      {
        ...newEvent(event, venue),
        fields: { ...newEvent(event, venue).fields, categoryUuids: [category] },
      },
    ]);
    expect(await hubSync(anna)).toMatchObject({ sent: 3 });
    expect(await hubSync(ben)).toMatchObject({ received: 3 });
    const [onAnna, onHub, onBen] = await Promise.all([
      contents(anna),
      contents(hub),
      contents(ben),
    ]);
    expect(onHub).toEqual(onAnna);
    expect(onBen).toEqual(onAnna);

    // Ben changes the German title and the cost; Anna the French description meanwhile.
    await ben.edit([
      {
        kind: 'event',
        op: 'update',
        uuid: event,
        fields: { title: { de: 'Frühling' }, cost: '15 €' },
      },
    ]);
    await anna.edit([
      {
        kind: 'event',
        op: 'update',
        uuid: event,
        fields: { description: { fr: '<p>Violons</p>' } },
      },
    ]);
    expect(await hubSync(ben)).toMatchObject({ sent: 1 });
    expect(await hubSync(anna)).toMatchObject({ sent: 1, merged: 1 });
    expect(await hubSync(ben)).toMatchObject({ received: 1 });
    const after = await Promise.all([contents(anna), contents(hub), contents(ben)]);
    expect(after[0].event![event]).toMatchObject({
      title: { en: 'Spring concert', de: 'Frühling', ja: '春のコンサート' },
      description: { en: '<p>Strings</p>', fr: '<p>Violons</p>' },
      cost: '15 €',
    });
    expect(after[1]).toEqual(after[0]);
    expect(after[2]).toEqual(after[0]);

    await ben.edit([{ kind: 'event', op: 'delete', uuid: event, fields: {} }]);
    await hubSync(ben);
    expect(await hubSync(anna)).toMatchObject({ deleted: 1 });
    expect((await contents(anna)).event![event]).toBeUndefined();
    expect((await contents(hub)).event![event]).toBeUndefined();
  });
});

describe('running by itself', { timeout: 60_000 }, () => {
  it('a change on one laptop is on the other within seconds, with no sync asked for', async () => {
    const hub = await startNode('hub');
    const anna = await startNode('anna');
    const ben = await startNode('ben');
    await connect(anna, hub, (await tokenOn(hub, 'Laptop Anna')).token);
    await connect(ben, hub, (await tokenOn(hub, 'Laptop Ben')).token);
    const uuid = randomUUID();
    const started = Date.now();
    await anna.edit([newEvent(uuid)]);
    await eventually(async () => {
      if (!(await contents(hub)).event![uuid]) throw new Error('not on the hub yet');
    });
    const toHub = Date.now() - started;
    const onBen = await eventually(async () => {
      const record = (await contents(ben)).event![uuid];
      if (!record) throw new Error('not on Ben’s laptop yet');
      return record;
    });
    const took = Date.now() - started;
    expect(onBen).toEqual((await contents(anna)).event![uuid]);
    // Within 2 s to the hub, and the hub's stream pokes Ben's server at once.
    expect(toHub).toBeLessThan(2000);
    expect(took).toBeLessThan(4000);
    await ben.edit([{ kind: 'event', op: 'update', uuid, fields: { title: { es: 'Concierto' } } }]);
    await eventually(async () => {
      expect((await contents(anna)).event![uuid]!.title).toMatchObject({ es: 'Concierto' });
    });
    await eventually(async () =>
      expect((await anna.api('marquee/v1/hub')).body.state).toBe('up-to-date'),
    );
  });
});

describe('offline', { timeout: 60_000 }, () => {
  it('a change made while the hub is down waits, and goes by itself once it is back', async () => {
    let hub = await startNode('hub');
    const anna = await startNode('anna');
    await connect(anna, hub, (await tokenOn(hub, 'Laptop Anna')).token);
    const port = new URL(hub.url).port;
    await kill(hub);
    const uuid = randomUUID();
    await anna.edit([newEvent(uuid)]);
    await eventually(async () =>
      expect((await anna.api('marquee/v1/hub')).body).toMatchObject({
        state: 'offline',
        pending: 1,
      }),
    );
    hub = await startNode('hub', { dataDir: hub.dataDir, port });
    // The next try of the backoff (5 s after the first failure, 10 s after the second).
    await eventually(async () => {
      if (!(await contents(hub)).event![uuid]) throw new Error('not on the hub yet');
    }, 20_000);
    expect((await contents(hub)).event![uuid]).toEqual((await contents(anna)).event![uuid]);
  });
});

describe('a conflict', { timeout: 60_000 }, () => {
  it('is found on one laptop, decided there, and the decision reaches the hub and the other', async () => {
    const hub = await startNode('hub', MANUAL);
    const anna = await startNode('anna', MANUAL);
    const ben = await startNode('ben', MANUAL);
    await connect(anna, hub, (await tokenOn(hub, 'Laptop Anna')).token);
    await connect(ben, hub, (await tokenOn(hub, 'Laptop Ben')).token);
    const uuid = randomUUID();
    await anna.edit([newEvent(uuid)]);
    await hubSync(anna);
    await hubSync(ben);
    await anna.edit([
      { kind: 'event', op: 'update', uuid, fields: { cost: '20 €', title: { en: 'Anna' } } },
    ]);
    await ben.edit([
      { kind: 'event', op: 'update', uuid, fields: { cost: '25 €', title: { de: 'Ben' } } },
    ]);
    await hubSync(anna);
    expect(await hubSync(ben)).toMatchObject({ conflicts: 1 });
    const status = (await ben.api('marquee/v1/hub')).body;
    expect(status).toMatchObject({ state: 'needs-decision', conflicts: 1 });
    const conflicts = (await ben.api('marquee/v1/hub/conflicts')).body as unknown as {
      id: number;
      fields: Record<string, { here: unknown; hub: unknown }>;
    }[];
    expect(conflicts).toHaveLength(1);
    // Only the cost: the titles are other languages, merged without asking.
    expect(conflicts[0]!.fields).toEqual({ cost: { here: '25 €', hub: '20 €' } });
    // Before the decision nothing is overwritten: the hub keeps Anna's cost.
    expect((await contents(hub)).event![uuid]).toMatchObject({
      cost: '20 €',
      title: { en: 'Anna', de: 'Ben' },
    });
    const decided = await ben.api(`marquee/v1/hub/conflicts/${conflicts[0]!.id}`, {
      json: { keep: 'here' },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    // The decision is in the log, as the website's are: what, and which side's value was kept.
    const log = (await ben.api('marquee/v1/hub/log')).body as unknown as {
      action: string;
      uuid: string;
      name: string;
      note: string;
    }[];
    expect(log[0]).toMatchObject({
      action: 'decided',
      uuid,
      name: 'Anna',
      note: 'Cost: this calendar’s value kept, sent to the hub next',
    });
    await hubSync(ben);
    await hubSync(anna);
    const [onAnna, onHub, onBen] = await Promise.all([
      contents(anna),
      contents(hub),
      contents(ben),
    ]);
    expect(onBen.event![uuid]).toMatchObject({ cost: '25 €', title: { en: 'Anna', de: 'Ben' } });
    expect(onHub).toEqual(onBen);
    expect(onAnna).toEqual(onBen);
    expect((await ben.api('marquee/v1/hub')).body).toMatchObject({ state: 'up-to-date' });
  });
});
