/**
 * The hub sync (issue 39) carries what the editor keeps, with real servers (a hub and two
 * laptops, each its own `marquee serve` process): an event without a title, the slugs of events
 * in the trash (each side's the same), series with their rules and occurrences, and the
 * categories' colours.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, contents, hubSync, startNode, stopAll, tokenOn } from '../support/hub-cluster.ts';

// Several servers a test, each its own process: more than the project's 30 s on a busy machine.
afterEach(stopAll, 30_000);

const MANUAL = { env: { MARQUEE_HUB_POLL_SECONDS: '0' } };

function newEvent(uuid: string) {
  return {
    kind: 'event',
    op: 'create',
    uuid,
    baseRev: 0,
    fields: {
      title: { en: 'Spring concert', de: 'Frühlingskonzert', ja: '春のコンサート' },
      start: '2027-04-10 19:30:00',
      end: '2027-04-10 21:00:00',
      timezone: 'Europe/Berlin',
      status: 'draft',
    },
  };
}

describe('an event without a title', { timeout: 60_000 }, () => {
  it('reaches the hub and the other laptop, as the editor keeps it', async () => {
    const hub = await startNode('hub', MANUAL);
    const anna = await startNode('anna', MANUAL);
    const ben = await startNode('ben', MANUAL);
    await connect(anna, hub, (await tokenOn(hub, 'Laptop Anna')).token);
    await connect(ben, hub, (await tokenOn(hub, 'Laptop Ben')).token);
    // One made without a title, one whose only title was cleared before it was ever sent (the
    // editor's form lets an event lose its title; the replica protocol takes both).
    const [bare, cleared] = [randomUUID(), randomUUID()];
    const times = newEvent(bare).fields;
    await anna.edit([
      { ...newEvent(bare), fields: { ...times, title: {} } },
      { ...newEvent(cleared), fields: { ...times, title: { en: 'Gig' } } },
    ]);
    await anna.edit([
      { kind: 'event', op: 'update', uuid: cleared, fields: { title: { en: '' } } },
    ]);
    expect(await hubSync(anna)).toMatchObject({ sent: 2 });
    expect(await hubSync(ben)).toMatchObject({ received: 2 });
    const [onAnna, onHub, onBen] = await Promise.all([
      contents(anna),
      contents(hub),
      contents(ben),
    ]);
    expect(onAnna.event![bare]).toMatchObject({ title: {} });
    expect(onAnna.event![cleared]).toMatchObject({ title: {} });
    expect(onHub).toEqual(onAnna);
    expect(onBen).toEqual(onAnna);
    const log = (await anna.api('marquee/v1/hub/log?limit=100')).body as unknown as {
      action: string;
    }[];
    expect(log.filter((entry) => entry.action === 'refused')).toEqual([]);
  });
});

describe('an event in the trash', { timeout: 60_000 }, () => {
  it('has the same slug on the hub and on every laptop', async () => {
    const hub = await startNode('hub', MANUAL);
    const anna = await startNode('anna', MANUAL);
    const ben = await startNode('ben', MANUAL);
    await connect(anna, hub, (await tokenOn(hub, 'Laptop Anna')).token);
    await connect(ben, hub, (await tokenOn(hub, 'Laptop Ben')).token);
    const [trashed, other] = [randomUUID(), randomUUID()];
    await anna.edit([newEvent(trashed)]);
    await hubSync(anna);
    await anna.edit([{ kind: 'event', op: 'update', uuid: trashed, fields: { status: 'trash' } }]);
    await hubSync(anna);
    // Meanwhile Ben made an event of the same name: it holds the live slug on his laptop.
    await ben.edit([newEvent(other)]);
    await hubSync(ben);
    await hubSync(anna);
    const all = await Promise.all([contents(anna), contents(hub), contents(ben)]);
    expect(all.map((held) => held.event![trashed]!.slug)).toEqual(
      Array(3).fill({
        en: 'spring-concert__trashed',
        de: 'fruhlingskonzert__trashed',
        ja: '春のコンサート__trashed',
      }),
    );
    expect(all[0]).toEqual(all[1]);
    expect(all[2]).toEqual(all[1]);
    // Out of the trash on Ben's laptop: the live slug is taken there, so it is "-2" everywhere.
    await ben.edit([{ kind: 'event', op: 'update', uuid: trashed, fields: { status: 'draft' } }]);
    await hubSync(ben);
    await hubSync(anna);
    const [annaAfter, hubAfter, benAfter] = await Promise.all([
      contents(anna),
      contents(hub),
      contents(ben),
    ]);
    expect(hubAfter.event![trashed]!.slug).toMatchObject({ en: 'spring-concert-2' });
    expect(annaAfter).toEqual(hubAfter);
    expect(benAfter).toEqual(hubAfter);
  });

  it('keeps which of two trashed events with the same slug is "-2", on every side', async () => {
    const hub = await startNode('hub', MANUAL);
    const anna = await startNode('anna', MANUAL);
    const ben = await startNode('ben', MANUAL);
    await connect(anna, hub, (await tokenOn(hub, 'Laptop Anna')).token);
    await connect(ben, hub, (await tokenOn(hub, 'Laptop Ben')).token);
    const inTrash = (uuid: string) => ({
      ...newEvent(uuid),
      fields: { ...newEvent(uuid).fields, status: 'trash', slug: { en: 'gig' } },
    });
    const [first, second, bens] = [randomUUID(), randomUUID(), randomUUID()];
    await anna.edit([inTrash(first), inTrash(second)]);
    // Ben's own, in the trash under the same slug before he ever synced.
    await ben.edit([inTrash(bens)]);
    await hubSync(anna);
    await hubSync(ben);
    await hubSync(anna);
    await hubSync(ben);
    const [onAnna, onHub, onBen] = await Promise.all([
      contents(anna),
      contents(hub),
      contents(ben),
    ]);
    expect(
      [first, second, bens].map((uuid) => (onHub.event![uuid]!.slug as { en: string }).en),
    ).toEqual(['gig__trashed', 'gig__trashed-2', 'gig__trashed-3']);
    expect(onAnna).toEqual(onHub);
    expect(onBen).toEqual(onHub);
  });
});
