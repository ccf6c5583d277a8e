/**
 * What a TEC site answers, as the website sync (server/peers/) reads it
 * (docs/tec-facts.md), checked against the real site of this run: no change
 * feed, windows and lists that leave events out, versions, drafts, raw texts, logins. Each case
 * makes records of its own (names carry a random mark), so cases and files share the site.
 * Writes are in tec-facts-writes.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  adminRequest as as,
  createTecEvent as createEvent,
  mark,
  siteRequest,
  tecIds,
  tecSite,
  whenPast,
  whenUpcoming,
  type Json,
  type TecEventJson as TecEvent,
} from '../support/tec-site.ts';

const site = tecSite();
const window = 'start_date=1900-01-01&end_date=2200-12-31';

/** modified_utc has whole seconds: a change in the same second as the last one would not show. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

describe.skipIf(!site)('what a TEC site answers, as the website sync reads it', () => {
  it('TEC lists ignore modified_after; core’s post route honours it, with a Z', async () => {
    const before = new Date(Date.now() - 2000).toISOString().replace(/\.\d+Z$/, 'Z');
    const made = await createEvent({ title: `Modified ${mark()}`, ...whenUpcoming });
    const core = await as(`wp/v2/tribe_events?modified_after=${before}&_fields=id&per_page=100`);
    expect((core.body as unknown as { id: number }[]).map((row) => row.id)).toContain(made.id);
    const future = new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z');
    const none = await as(`wp/v2/tribe_events?modified_after=${future}&_fields=id`);
    expect(none.body).toEqual([]);
    // TEC's own list answers the same with or without it.
    const tec = await tecIds(`${window}&modified_after=${future}&per_page=50`);
    expect(tec).toContain(made.id);
  });

  it('core’s event lists leave out events that ended; single reads and TEC’s full window find them', async () => {
    const past = await createEvent({ title: `Past ${mark()}`, ...whenPast });
    const listed = await as(`wp/v2/tribe_events?include=${past.id}&_fields=id`);
    expect(listed.body).toEqual([]);
    expect((await as(`wp/v2/tribe_events/${past.id}?context=edit&_fields=id`)).status).toBe(200);
    expect((await as(`tribe/events/v1/events/${past.id}`)).status).toBe(200);
    expect(await tecIds(`${window}&per_page=50`)).toContain(past.id);
    // The default window (yesterday to two years on) leaves it out.
    expect(await tecIds('per_page=50')).not.toContain(past.id);
  });

  it('TEC pages hold at most 50 events and link the next page', async () => {
    const reply = await as(`tribe/events/v1/events?${window}&per_page=100`);
    expect((reply.body.events as unknown[]).length).toBeLessThanOrEqual(50);
    if ((reply.body.total as number) > 50) expect(reply.body.next_rest_url).toBeTruthy();
    expect((await as('tribe/events/v1/events?start_date=1970-01-01')).status).toBe(400);
  });

  it('events hidden from listings are in no TEC list, but in core’s and by id', async () => {
    const hidden = await createEvent({
      title: `Hidden ${mark()}`,
      hide_from_listings: true,
      ...whenUpcoming,
    });
    expect(await tecIds(`${window}&per_page=50`)).not.toContain(hidden.id);
    const core = await as(`wp/v2/tribe_events?include=${hidden.id}&_fields=id`);
    expect(core.body).toEqual([{ id: hidden.id }]);
    expect((await as(`tribe/events/v1/events/${hidden.id}`)).status).toBe(200);
  });

  it('modified_utc moves on an update and on the trash, not when the venue changes', async () => {
    const venue = await as('tribe/events/v1/venues', { body: { venue: `Hall ${mark()}` } });
    const venueId = venue.body.id as number;
    const made = await createEvent({
      title: `Versions ${mark()}`,
      venue: venueId,
      ...whenUpcoming,
    });
    await nextSecond();
    await as(`tribe/events/v1/venues/${venueId}`, { body: { city: 'Elsewhere' } });
    const after = (await as(`tribe/events/v1/events/${made.id}`)).body as TecEvent;
    expect(after.modified_utc).toBe(made.modified_utc);
    const updated = await as(`tribe/events/v1/events/${made.id}`, {
      body: { title: made.title, venue: venueId, ...whenUpcoming },
    });
    expect((updated.body as TecEvent).modified_utc > made.modified_utc).toBe(true);
    await nextSecond();
    await as(`tribe/events/v1/events/${made.id}`, { method: 'DELETE' });
    const trashed = await as(`wp/v2/tribe_events/${made.id}?context=edit&_fields=modified_gmt`);
    expect((trashed.body.modified_gmt as string).replace('T', ' ')).not.toBe(
      (updated.body as TecEvent).modified_utc,
    );
  });

  it('a draft answers 0000 dates until its first update; `modified` (site time) is always set', async () => {
    const draft = await createEvent({ title: `Draft ${mark()}`, status: 'draft', ...whenUpcoming });
    expect(draft.modified_utc).toBe('0000-00-00 00:00:00');
    expect(draft.date_utc).toBe('0000-00-00 00:00:00');
    expect(draft.modified).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(draft.slug).toBe('');
  });

  it('times are wall clock in the event’s zone; an offset or Z in the input is dropped', async () => {
    const made = await createEvent({
      title: `Zone ${mark()}`,
      start_date: '2027-03-04T10:00:00Z',
      end_date: '2027-03-04T11:00:00Z',
      timezone: 'Asia/Tokyo',
    });
    expect([made.start_date, made.utc_start_date, made.timezone]).toEqual([
      '2027-03-04 10:00:00',
      '2027-03-04 01:00:00',
      'Asia/Tokyo',
    ]);
    const allDay = await createEvent({
      title: `All day ${mark()}`,
      ...whenUpcoming,
      all_day: true,
    });
    expect([allDay.start_date, allDay.end_date]).toEqual([
      '2027-03-04 00:00:00',
      '2027-03-04 23:59:59',
    ]);
  });

  it('TEC answers texts rendered; core’s context=edit has them raw, and TEC’s meta', async () => {
    const made = await createEvent({
      title: 'Tom & "Jerry"',
      description: 'One\n\nTwo "quoted" -- here',
      excerpt: 'Short',
      ...whenUpcoming,
      cost: '€6.50 - €8.50',
    });
    expect(made.title).toBe('Tom &#038; &#8220;Jerry&#8221;');
    expect(made.description).toContain('<p>One</p>');
    expect(made.cost).not.toBe('€6.50 - €8.50');
    expect(made.website).toBe(made.url); // no website: TEC answers the event's own page
    const raw = await as(
      `wp/v2/tribe_events/${made.id}?context=edit&_fields=title,content,excerpt,meta`,
    );
    expect((raw.body.title as Json).raw).toBe('Tom & "Jerry"');
    expect((raw.body.content as Json).raw).toBe('One\n\nTwo "quoted" -- here');
    expect((raw.body.excerpt as Json).raw).toBe('Short');
    expect((raw.body.meta as Json)._EventCost).toBe('€6.50 - €8.50');
    expect((raw.body.meta as Json)._EventURL).toBe('');
  });

  it('a wrong application password is a 401 even on public reads', async () => {
    const wrong = await fetch(`${site!.url}/wp-json/tribe/events/v1/events`, {
      headers: { authorization: `Basic ${Buffer.from('admin:wrong pass').toString('base64')}` },
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as Json).code).toBe('incorrect_password');
  });

  it('the site says its name, zone and namespaces; the plugin’s version only to admins', async () => {
    const index = await siteRequest(site!, '');
    const body = index.body as Json;
    expect(body.namespaces).toContain('tribe/events/v1');
    expect(body.timezone_string).toBe('America/New_York');
    const plugins = await as('wp/v2/plugins?_fields=plugin,version,status');
    expect(plugins.body).toContainEqual({
      plugin: 'the-events-calendar/the-events-calendar',
      status: 'active',
      version: '6.17.2',
    });
    const editor = await siteRequest(site!, 'wp/v2/plugins', { as: 'editor1' });
    expect(editor.status).toBe(403);
    const me = await siteRequest(site!, 'wp/v2/users/me?context=edit', { as: 'author1' });
    const capabilities = (me.body as { capabilities: Record<string, boolean> }).capabilities;
    expect(capabilities.publish_tribe_events).toBe(true);
    expect(capabilities.unfiltered_html).toBeUndefined();
  });
});
