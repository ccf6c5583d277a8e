/**
 * The website sync against the real site: after a sync every field TEC carries reads
 * the same on both sides, whichever side wrote it; a second sync with no change anywhere writes
 * nothing on either side; an update carries the whole event (nothing the site had is reset);
 * fields changed on one side merge, a field changed on both is a conflict, left as it is on both
 * sides until the user decides. Each case makes records of its own (a random mark).
 */
import { decodeHTML } from 'entities';
import { afterEach, describe, expect, it } from 'vitest';
import { pull } from '../support/sync.ts';
import { connectedCalendar, siteVersions, type ConnectedCalendar } from '../support/site-sync.ts';
import { adminRequest, createTecEvent, mark, tecSite, type Json } from '../support/tec-site.ts';

const site = tecSite();

let calendar: ConnectedCalendar | undefined;
afterEach(async () => {
  await calendar?.close();
  calendar = undefined;
});

type SiteLog = {
  action: string;
  kind: string | null;
  remoteId: string | null;
  name: string | null;
}[];

/** The site's id of the record Marquee sent or received under this name (the sync log says). */
async function remoteIdOf(server: ConnectedCalendar, kind: string, name: string): Promise<number> {
  const reply = await server.request('/wp-json/marquee/v1/site/log?limit=500', { as: 'owner' });
  const entry = (reply.body as SiteLog).find(
    (row) => row.kind === kind && row.name === name && row.remoteId,
  );
  if (!entry)
    throw new Error(`no ${kind} “${name}” in the sync log: ${JSON.stringify(reply.body)}`);
  return Number(entry.remoteId);
}

/** What both sides say of an event, field by field, in the terms each keeps them in. */
async function bothSides(server: ConnectedCalendar, marqueeId: number, siteId: number) {
  const mine = (await server.api(`/events/${marqueeId}`, { as: 'owner' })).body as Json;
  const theirs = (await adminRequest(`tribe/events/v1/events/${siteId}`)).body;
  const raw = (await adminRequest(`wp/v2/tribe_events/${siteId}?context=edit`)).body;
  const record = (await pull(server)).records.event.find((event) => event.id === marqueeId)!;
  // Names as a person reads them: each side escapes `&` in its own way (&amp;, &#038;).
  const names = (list: unknown) =>
    ((list ?? []) as Json[]).map((item) => decodeHTML(String(item.name ?? item.organizer)));
  const venueName = (venue: unknown) =>
    venue && !Array.isArray(venue) ? decodeHTML(String((venue as Json).venue)) : null;
  // A draft on the site has no slug until it is published; Marquee's has one from its start.
  const fields = (tec: Json) => ({
    slug: theirs.slug === '' ? '' : tec.slug,
    status: tec.status,
    start_date: tec.start_date,
    end_date: tec.end_date,
    timezone: tec.timezone,
    all_day: tec.all_day,
    show_map: tec.show_map,
    show_map_link: tec.show_map_link,
    hide_from_listings: tec.hide_from_listings,
    sticky: tec.sticky,
    featured: tec.featured,
    venue: venueName(tec.venue),
    organizer: names(tec.organizer),
    categories: names(tec.categories).sort(),
    tags: names(tec.tags).sort(),
  });
  const meta = raw.meta as Json;
  return {
    marquee: {
      ...fields(mine),
      title: record.title.en,
      description: record.description.en ?? '',
      excerpt: record.excerpt.en ?? '',
      cost: record.cost,
      website: record.website ?? '',
    },
    site: {
      ...fields(theirs),
      title: (raw.title as Json).raw,
      description: (raw.content as Json).raw,
      excerpt: (raw.excerpt as Json).raw,
      cost: meta._EventCost,
      website: meta._EventURL,
    },
  };
}

describe.skipIf(!site)('the website sync', () => {
  it('sends an event Marquee made with every field TEC carries, and it reads the same on both sides', async () => {
    calendar = await connectedCalendar();
    const tag = mark();
    const owner = { as: 'owner' as const };
    const venue = await calendar.api('/venues', {
      ...owner,
      json: { venue: `Hall “${tag}” & Bar`, city: 'Lyon', show_map: true },
    });
    const one = await calendar.api('/organizers', {
      ...owner,
      json: { organizer: `First ${tag}` },
    });
    const two = await calendar.api('/organizers', {
      ...owner,
      json: { organizer: `Second ${tag}` },
    });
    const parent = await calendar.api('/categories', { ...owner, json: { name: `Music ${tag}` } });
    const child = await calendar.api('/categories', {
      ...owner,
      json: { name: `Jazz & Blues ${tag}`, parent: (parent.body as Json).id },
    });
    const label = await calendar.api('/tags', { ...owner, json: { name: `Late ${tag}` } });
    const title = `Tom & "Jerry" ${tag}`;
    const made = await calendar.api('/events', {
      ...owner,
      json: {
        title,
        description: 'One\n\nTwo "quoted" -- here\n<ul><li>a</li></ul>',
        excerpt: 'Short <em>and</em> sweet',
        slug: `tom-and-jerry-${tag}`,
        start_date: '2027-06-01 20:00:00',
        end_date: '2027-06-01 23:30:00',
        timezone: 'Europe/Paris',
        cost: '€6.50 - €8.50',
        website: 'https://example.org/tom',
        featured: true,
        sticky: true,
        show_map: true,
        show_map_link: false,
        venue: (venue.body as Json).id,
        organizer: [(two.body as Json).id, (one.body as Json).id],
        categories: [(child.body as Json).id, (parent.body as Json).id],
        tags: [(label.body as Json).id],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const summary = await calendar.sync();
    expect(summary).toMatchObject({ sent: 7, conflicts: 0 });
    const siteId = await remoteIdOf(calendar, 'event', title);
    const sides = await bothSides(calendar, (made.body as Json).id as number, siteId);
    expect(sides.site).toEqual(sides.marquee);
  });

  it('brings in an event made on the site, every field the same', async () => {
    calendar = await connectedCalendar();
    const tag = mark();
    const venue = await adminRequest('tribe/events/v1/venues', {
      body: { venue: `Cellar ${tag}`, city: 'Bonn' },
    });
    const category = await adminRequest('tribe/events/v1/categories', {
      body: { name: `Folk ${tag}` },
    });
    const title = `Made on the site ${tag} & co`;
    const made = await createTecEvent({
      title,
      description: 'First paragraph.\n\nSecond "one".',
      excerpt: 'An excerpt',
      start_date: '2027-07-02 00:00:00',
      end_date: '2027-07-03 23:59:59',
      all_day: true,
      timezone: 'Europe/Berlin',
      cost: '15',
      website: 'https://example.org/site',
      hide_from_listings: true,
      featured: true,
      venue: venue.body.id,
      categories: [category.body.id],
      status: 'draft',
    });
    const summary = await calendar.sync();
    expect(summary.received).toBeGreaterThanOrEqual(3);
    const events = (await pull(calendar)).records.event;
    const mine = events.find((event) => event.title.en === title);
    expect(mine).toBeDefined();
    const sides = await bothSides(calendar, mine!.id, made.id);
    expect(sides.marquee).toEqual(sides.site);
  });

  it('a second sync with no change anywhere writes nothing on either side', async () => {
    calendar = await connectedCalendar();
    const tag = mark();
    await calendar.api('/events', {
      as: 'owner',
      json: {
        title: `Idle ${tag}`,
        description: 'Some "text" -- here',
        start_date: '2027-08-01 10:00:00',
        end_date: '2027-08-01 12:00:00',
        cost: '5',
      },
    });
    const site = await createTecEvent({
      title: `Idle site ${tag}`,
      description: 'A\n\nB',
      start_date: '2027-08-02 10:00:00',
      end_date: '2027-08-02 11:00:00',
    });
    await calendar.sync();
    const idOfMine = await remoteIdOf(calendar, 'event', `Idle ${tag}`);
    const before = await siteVersions([idOfMine, site.id]);
    const checkpoint = (await pull(calendar)).checkpoint;
    const again = await calendar.sync();
    expect(again).toEqual({ sent: 0, received: 0, merged: 0, conflicts: 0, deleted: 0 });
    expect(await siteVersions([idOfMine, site.id])).toEqual(before);
    expect((await pull(calendar)).checkpoint).toBe(checkpoint);
    expect((await calendar.status()).state).toBe('up-to-date');
  });

  it('an update sends the whole event: what the site had is kept, and its publication date', async () => {
    calendar = await connectedCalendar();
    const tag = mark();
    const organizer = await adminRequest('tribe/events/v1/organizers', {
      body: { organizer: `Org ${tag}` },
    });
    const made = await createTecEvent({
      title: `Whole ${tag}`,
      start_date: '2027-09-01 20:00:00',
      end_date: '2027-09-01 22:00:00',
      featured: true,
      cost: '12',
      website: 'https://example.org/whole',
      timezone: 'Europe/Paris',
      organizer: [organizer.body.id],
      date_utc: '2026-02-03 04:05:06',
    });
    await calendar.sync();
    const mine = (await pull(calendar)).records.event.find(
      (event) => event.title.en === `Whole ${tag}`,
    )!;
    await calendar.api(`/events/${mine.id}`, {
      as: 'owner',
      json: { excerpt: 'Now with an excerpt' },
    });
    expect(await calendar.sync()).toMatchObject({ sent: 1, received: 0 });
    const after = (await adminRequest(`tribe/events/v1/events/${made.id}`)).body;
    expect(after).toMatchObject({
      excerpt: '<p>Now with an excerpt</p>',
      featured: true,
      cost: '$12',
      website: 'https://example.org/whole',
      timezone: 'Europe/Paris',
      date_utc: '2026-02-03 04:05:06',
    });
    expect((after.organizer as Json[]).map((item) => item.id)).toEqual([organizer.body.id]);
  });

  it('merges fields changed on one side, and leaves a field changed on both for the user', async () => {
    calendar = await connectedCalendar();
    const tag = mark();
    const made = await createTecEvent({
      title: `Both ${tag}`,
      excerpt: 'old',
      cost: '10',
      start_date: '2027-10-01 20:00:00',
      end_date: '2027-10-01 22:00:00',
    });
    await calendar.sync();
    const mine = (await pull(calendar)).records.event.find(
      (event) => event.title.en === `Both ${tag}`,
    )!;
    // Marquee: the title and the excerpt; the site: the title and the cost.
    await calendar.api(`/events/${mine.id}`, {
      as: 'owner',
      json: { title: `Mine ${tag}`, excerpt: 'new excerpt' },
    });
    await adminRequest(`tribe/events/v1/events/${made.id}`, {
      body: {
        title: `Theirs ${tag}`,
        excerpt: 'old',
        cost: '11',
        start_date: '2027-10-01 20:00:00',
        end_date: '2027-10-01 22:00:00',
      },
    });
    const summary = await calendar.sync();
    expect(summary).toMatchObject({ conflicts: 1, merged: 1 });
    const siteNow = (await adminRequest(`wp/v2/tribe_events/${made.id}?context=edit`)).body;
    expect([
      (siteNow.title as Json).raw,
      (siteNow.excerpt as Json).raw,
      (siteNow.meta as Json)._EventCost,
    ]).toEqual([`Theirs ${tag}`, 'new excerpt', '11']);
    const ours = (await calendar.api(`/events/${mine.id}`, { as: 'owner' })).body as Json;
    expect([ours.title, ours.excerpt, ours.cost]).toEqual([
      `Mine ${tag}`,
      '<p>new excerpt</p>',
      '$11',
    ]);
    const conflicts = (
      await calendar.request('/wp-json/marquee/v1/site/conflicts', { as: 'owner' })
    ).body as {
      id: number;
      fields: Json;
    }[];
    expect(conflicts.at(-1)?.fields).toEqual({
      title: { marquee: { en: `Mine ${tag}` }, site: { en: `Theirs ${tag}` } },
    });
    expect((await calendar.status()).state).toBe('needs-decision');
    // Nothing more moves until the user decides: then Marquee's title goes to the site.
    expect(await calendar.sync()).toMatchObject({ sent: 0, received: 0, conflicts: 1 });
    const decided = await calendar.request(
      `/wp-json/marquee/v1/site/conflicts/${conflicts.at(-1)!.id}`,
      { as: 'owner', json: { keep: 'marquee' } },
    );
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    // The log keeps the decision: which field, and whose value was kept.
    const log = await calendar.request('/wp-json/marquee/v1/site/log?limit=1', { as: 'owner' });
    const note = 'Title: Marquee’s value kept, sent to the website next';
    expect(log.body).toMatchObject([{ action: 'decided', name: `Mine ${tag}`, note }]);
    expect(await calendar.sync()).toMatchObject({ sent: 1, conflicts: 0 });
    const decidedSite = (await adminRequest(`wp/v2/tribe_events/${made.id}?context=edit`)).body;
    expect((decidedSite.title as Json).raw).toBe(`Mine ${tag}`);
    expect(await calendar.sync()).toEqual({
      sent: 0,
      received: 0,
      merged: 0,
      conflicts: 0,
      deleted: 0,
    });
  });
});
