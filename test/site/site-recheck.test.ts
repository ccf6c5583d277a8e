/**
 * A write to the site re-reads the site's version right before it is sent (TEC has no
 * concurrency control): a change made on the site between the pass's read and its
 * write is found then, merged when it touches other fields, made a conflict when it touches the
 * same one, and never overwritten. The test changes the site at that very moment (a hook at the
 * pass's 'before-check' point).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PassHook } from '#server/peers/pass-points.ts';
import { pull } from '../support/sync.ts';
import { connectedCalendar, type ConnectedCalendar } from '../support/site-sync.ts';
import { adminRequest, createTecEvent, mark, tecSite, type Json } from '../support/tec-site.ts';

const site = tecSite();

let calendar: ConnectedCalendar | undefined;
afterEach(async () => {
  await calendar?.close();
  calendar = undefined;
});

const when = { start_date: '2027-09-20 20:00:00', end_date: '2027-09-20 22:00:00' };

/** A hook that runs `change` once, the first time a pass is about to write an event. */
function changeBeforeWrite(change: () => Promise<void>): PassHook {
  let done = false;
  return async (point, record) => {
    if (done || point !== 'before-check' || record.kind !== 'event') return;
    done = true;
    await change();
  };
}

async function siteRaw(id: number) {
  const raw = (await adminRequest(`wp/v2/tribe_events/${id}?context=edit`)).body;
  return {
    title: (raw.title as Json).raw,
    excerpt: (raw.excerpt as Json).raw,
    cost: (raw.meta as Json)._EventCost,
  };
}

describe.skipIf(!site)('a write re-reads the site first', () => {
  it('merges a change made on the site between the read and the write', async () => {
    const tag = mark();
    let siteId = 0;
    calendar = await connectedCalendar({
      siteHook: changeBeforeWrite(async () => {
        await adminRequest(`tribe/events/v1/events/${siteId}`, {
          body: { title: `Recheck ${tag}`, ...when, cost: '99' },
        });
      }),
    });
    const made = await createTecEvent({ title: `Recheck ${tag}`, ...when, cost: '5' });
    siteId = made.id;
    await calendar.sync();
    const mine = (await pull(calendar)).records.event.find((e) => e.title.en === `Recheck ${tag}`)!;
    await calendar.api(`/events/${mine.id}`, { as: 'owner', json: { excerpt: 'Mine' } });
    const summary = await calendar.sync();
    const log = await calendar.request('/wp-json/marquee/v1/site/log', { as: 'owner' });
    expect(summary, JSON.stringify(log.body)).toMatchObject({ sent: 1, received: 1, conflicts: 0 });
    // The site's new cost was not overwritten by the one Marquee had read: both changes hold.
    expect(await siteRaw(made.id)).toEqual({
      title: `Recheck ${tag}`,
      excerpt: 'Mine',
      cost: '99',
    });
    const ours = (await pull(calendar)).records.event.find((e) => e.id === mine.id)!;
    expect([ours.cost, ours.excerpt.en]).toEqual(['99', 'Mine']);
  });

  it('makes a conflict of a field changed on the site in that moment, and sends nothing over it', async () => {
    const tag = mark();
    let siteId = 0;
    calendar = await connectedCalendar({
      siteHook: changeBeforeWrite(async () => {
        await adminRequest(`tribe/events/v1/events/${siteId}`, {
          body: { title: `Recheck ${tag}`, ...when, excerpt: 'Theirs' },
        });
      }),
    });
    const made = await createTecEvent({ title: `Recheck ${tag}`, ...when });
    siteId = made.id;
    await calendar.sync();
    const mine = (await pull(calendar)).records.event.find((e) => e.title.en === `Recheck ${tag}`)!;
    await calendar.api(`/events/${mine.id}`, { as: 'owner', json: { excerpt: 'Mine' } });
    expect(await calendar.sync()).toMatchObject({ conflicts: 1, sent: 0 });
    expect((await siteRaw(made.id)).excerpt).toBe('Theirs');
    const conflicts = (
      await calendar.request('/wp-json/marquee/v1/site/conflicts', { as: 'owner' })
    ).body as { fields: Json }[];
    expect(conflicts.at(-1)?.fields).toEqual({
      excerpt: { marquee: { en: 'Mine' }, site: { en: 'Theirs' } },
    });
  });
});
