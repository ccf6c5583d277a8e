/**
 * The hub sync carries what the editor keeps, with real servers (a hub and two
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
        de: 'fruehlingskonzert__trashed',
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

/** Jazz every Friday at 19:00 for 3 hours, from 8 January 2027, six times. */
const SLOTS = ['2027-01-08', '2027-01-15', '2027-01-22', '2027-01-29', '2027-02-05', '2027-02-12'];

type Held = Awaited<ReturnType<typeof contents>>;

/** A series' rule and its occurrences' slots and titles, as one calendar holds them. */
function seriesIn(held: Held, series: string) {
  const occurrences = Object.entries(held.event!)
    .filter(([, event]) => event.parentUuid === series)
    .map(([uuid, event]) => ({ uuid, slot: event.recurrenceId, title: event.title }))
    .sort((a, b) => String(a.slot).localeCompare(String(b.slot)));
  return { recurrence: held.event![series]?.recurrence, occurrences };
}

describe('series and colours', { timeout: 60_000 }, () => {
  it('a series goes with its rule and occurrences, an edit of the rule and a colour follow', async () => {
    const hub = await startNode('hub', MANUAL);
    const anna = await startNode('anna', MANUAL);
    const ben = await startNode('ben', MANUAL);
    await connect(anna, hub, (await tokenOn(hub, 'Laptop Anna')).token);
    await connect(ben, hub, (await tokenOn(hub, 'Laptop Ben')).token);
    const [series, category] = [randomUUID(), randomUUID()];
    await anna.edit([
      {
        kind: 'category',
        op: 'create',
        uuid: category,
        fields: { name: { en: 'Jazz', fr: 'Jazz' }, color: '#aa3300' },
      },
      {
        kind: 'event',
        op: 'create',
        uuid: series,
        fields: {
          title: { en: 'Jazz night', fr: 'Soirée jazz' },
          start: '2027-01-08 19:00:00',
          end: '2027-01-08 22:00:00',
          timezone: 'Europe/Berlin',
          categoryUuids: [category],
          recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=6', rdates: [], exdates: [] },
        },
      },
    ]);
    await hubSync(anna);
    await hubSync(ben);
    const first = await Promise.all([contents(anna), contents(hub), contents(ben)]);
    const onBen = seriesIn(first[2], series);
    expect(onBen.recurrence).toEqual({
      rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=6',
      rdates: [],
      exdates: [],
    });
    expect(onBen.occurrences.map((occurrence) => occurrence.slot)).toEqual(
      SLOTS.map((slot) => `${slot} 19:00:00`),
    );
    expect(first[2].category![category]).toMatchObject({ color: '#aa3300' });
    expect(first[1]).toEqual(first[0]);
    expect(first[2]).toEqual(first[0]);

    // Ben shortens the series to four Fridays, one of them off, and recolours the category.
    await ben.edit([
      {
        kind: 'event',
        op: 'update',
        uuid: series,
        fields: {
          recurrence: {
            rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=4',
            rdates: [],
            exdates: ['2027-01-15 19:00:00'],
          },
        },
      },
      { kind: 'category', op: 'update', uuid: category, fields: { color: '#0055ff' } },
    ]);
    await hubSync(ben);
    await hubSync(anna);
    const after = await Promise.all([contents(anna), contents(hub), contents(ben)]);
    const onAnna = seriesIn(after[0], series);
    expect(onAnna.recurrence).toEqual({
      rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=4',
      rdates: [],
      exdates: ['2027-01-15 19:00:00'],
    });
    expect(onAnna.occurrences.map((occurrence) => occurrence.slot)).toEqual(
      ['2027-01-08', '2027-01-22', '2027-01-29'].map((slot) => `${slot} 19:00:00`),
    );
    expect(after[0].category![category]).toMatchObject({ color: '#0055ff' });
    expect(after[1]).toEqual(after[0]);
    expect(after[2]).toEqual(after[0]);

    // Anna renames one Friday alone; Ben splits the series from the last Friday on.
    const [, third, fourth] = onAnna.occurrences.map((occurrence) => occurrence.uuid);
    await anna.edit([
      { kind: 'event', op: 'update', uuid: third, fields: { title: { fr: 'Jam session' } } },
    ]);
    await ben.edit([
      {
        kind: 'event',
        op: 'update',
        uuid: fourth,
        scope: 'following',
        fields: { title: { en: 'Late jazz' } },
      },
    ]);
    await hubSync(anna);
    await hubSync(ben);
    // The hub made the new series' occurrence when Ben's split came: his next pass brings it.
    await hubSync(anna);
    await hubSync(ben);
    const split = await Promise.all([contents(anna), contents(hub), contents(ben)]);
    const parts = Object.entries(split[0].event!).filter(
      ([uuid, event]) => event.recurrence && uuid !== series,
    );
    expect(parts.map(([, event]) => [event.title, event.start])).toEqual([
      [{ en: 'Late jazz', fr: 'Soirée jazz' }, '2027-01-29 19:00:00'],
    ]);
    expect(split[0].event![third!]!.title).toEqual({ en: 'Jazz night', fr: 'Jam session' });
    expect(split[1]).toEqual(split[0]);
    expect(split[2]).toEqual(split[0]);

    // Nothing refused on either side, and nothing left to send.
    for (const laptop of [anna, ben]) {
      const log = (await laptop.api('marquee/v1/hub/log?limit=100')).body as unknown as {
        action: string;
      }[];
      expect(log.filter((entry) => entry.action === 'refused')).toEqual([]);
      expect(await hubSync(laptop)).toMatchObject({ sent: 0, received: 0, conflicts: 0 });
    }
  });
});
