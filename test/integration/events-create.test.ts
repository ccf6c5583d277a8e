/** Creating events. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { at, createEvent, eventOf } from '../support/events.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createVenue, expectError } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const basics = { title: 'Gig', start_date: at(1), end_date: at(1, 2) };

describe('POST /events', () => {
  it('needs credentials, required fields and readable values, checked before permission', async () => {
    expectError(await server.api('/events', { json: basics }), 401, 'rest_forbidden');
    const missing = expectError(
      await server.api('/events', { json: { title: 'x' } }),
      400,
      'rest_missing_callback_param',
    );
    expect(missing.data.params).toEqual(['start_date', 'end_date']);
    for (const bad of [
      { title: '' },
      { start_date: 'foo' },
      { end_date: '' },
      { author: 23 },
      { author: '' },
      { date: 'foo' },
      { date_utc: 'foo' },
      { website: 'foo' },
      { timezone: 'Mars/Base' },
      { venue: 9999 },
      { organizer: [9999] },
      { image: 'foo bar' },
    ]) {
      const envelope = expectError(
        await server.api('/events', { json: { ...basics, ...bad } }),
        400,
        'rest_invalid_param',
      );
      expect(Object.keys(envelope.data.params as object)).toEqual(Object.keys(bad));
    }
  });

  it('creates (201) with title, slug, rendered texts, and UTC from the calendar’s zone (TEC 32)', async () => {
    await server.close();
    server = await startTestServer({ overrides: { timezone: 'America/New_York' } });
    const event = await createEvent(server, {
      title: 'Opening Night',
      slug: 'opening',
      description: 'Doors at 7',
      excerpt: 'Short',
      start_date: '2026-12-05 19:00:00',
      end_date: '2026-12-05 22:30:00',
    });
    expect(event).toMatchObject({
      title: 'Opening Night',
      slug: 'opening',
      description: '<p>Doors at 7</p>',
      excerpt: '<p>Short</p>',
      start_date: '2026-12-05 19:00:00',
      utc_start_date: '2026-12-06 00:00:00',
      utc_end_date: '2026-12-06 03:30:00',
      timezone: 'America/New_York',
      timezone_abbr: 'EST',
    });
  });

  it('reads natural-language dates in the event’s zone, and lets `timezone` override (TEC 33, 34)', async () => {
    const event = await createEvent(server, {
      title: 'Darwin',
      timezone: 'Australia/Darwin',
      start_date: 'tomorrow 9am',
      end_date: 'next wednesday 4pm',
    });
    expect(event).toMatchObject({
      timezone: 'Australia/Darwin',
      timezone_abbr: 'ACST',
      start_date: '2026-11-21 09:00:00',
      utc_start_date: '2026-11-20 23:30:00',
      end_date: '2026-11-25 16:00:00',
    });
    const moved = eventOf(
      await server.api(`/events/${event.id}`, { as: 'owner', json: { timezone: 'Europe/Berlin' } }),
    );
    expect(moved).toMatchObject({
      start_date: '2026-11-21 09:00:00',
      utc_start_date: '2026-11-21 08:00:00',
      timezone_abbr: 'CET',
    });
  });

  it('ignores generated fields sent in the body (TEC 38)', async () => {
    const event = await createEvent(server, {
      ...basics,
      url: 'x',
      rest_url: 'y',
      utc_start_date: '2000-01-01 00:00:00',
      timezone_abbr: 'XYZ',
    });
    expect(event.utc_start_date).toBe(at(1));
    expect(event.timezone_abbr).toBe('UTC');
  });

  it('snaps all-day events to whole days, across several days (TEC 39)', async () => {
    const event = await createEvent(server, {
      title: 'Fair',
      all_day: true,
      start_date: '2026-12-01 10:00',
      end_date: '2026-12-03 12:00',
    });
    expect(event).toMatchObject({
      all_day: true,
      start_date: '2026-12-01 00:00:00',
      end_date: '2026-12-03 23:59:59',
    });
  });

  it('moves an end before the start to the start', async () => {
    const event = await createEvent(server, { title: 'Oops', start_date: at(2), end_date: at(1) });
    expect(event.end_date).toBe(event.start_date);
  });

  it('parses costs into symbol, position and values (TEC 41)', async () => {
    const single = await createEvent(server, { ...basics, cost: '20$' });
    expect(single).toMatchObject({
      cost: '20$',
      cost_details: { currency_symbol: '$', currency_position: 'postfix', values: ['20'] },
    });
    const list = await createEvent(server, { ...basics, cost: ['0$', '20$', '30$'] });
    expect(list).toMatchObject({ cost: 'Free – 30$', cost_details: { values: ['0', '20', '30'] } });
    const euro = await createEvent(server, { ...basics, cost: '€6.50 - €8.50' });
    expect(euro).toMatchObject({
      cost: '€6.50 – €8.50',
      cost_details: { currency_symbol: '€', currency_position: 'prefix', values: ['6.50', '8.50'] },
    });
    const none = await createEvent(server, basics);
    expect(none).toMatchObject({ cost: '', cost_details: { currency_symbol: '', values: [] } });
  });

  it('echoes the website, and "" when there is none and no public page (TEC 42)', async () => {
    expect(
      (await createEvent(server, { ...basics, website: 'https://gig.example/?a=1&b=2' })).website,
    ).toBe('https://gig.example/?a=1&amp;b=2');
    // Without a public URL pattern, `url` is the editor's own link: never given as the website.
    const plain = await createEvent(server, basics);
    expect(plain.url).toContain('/#/events/');
    expect(plain.website).toBe('');
  });

  it('sets the flags, with WordPress booleans (TEC 43, 49)', async () => {
    const event = await createEvent(server, {
      ...basics,
      show_map: 'false',
      show_map_link: 0,
      hide_from_listings: 'true',
      sticky: '1',
      featured: true,
    });
    expect(event).toMatchObject({
      show_map: false,
      show_map_link: false,
      hide_from_listings: true,
      sticky: true,
      featured: true,
    });
    expect(await createEvent(server, { ...basics, hide_from_listings: 'false' })).toMatchObject({
      hide_from_listings: false,
    });
  });

  it('sends a contributor’s publish to review and keeps an author’s (TEC 44, 87)', async () => {
    expect(
      (await createEvent(server, { ...basics, status: 'publish' }, 'contributor')).status,
    ).toBe('pending');
    expect((await createEvent(server, { ...basics, status: 'draft' }, 'contributor')).status).toBe(
      'draft',
    );
    expect((await createEvent(server, basics, 'contributor')).status).toBe('draft');
    expect((await createEvent(server, basics, 'author')).status).toBe('publish');
    expect(
      (await createEvent(server, { ...basics, status: 'future', date: '2026-12-24 00:00:00' }))
        .status,
    ).toBe('future');
  });

  it('links venues by id, {id} or inline fields, matching same-named ones (TEC 45, 68)', async () => {
    const hall = await createVenue(server, { venue: 'Hall' });
    expect((await createEvent(server, { ...basics, venue: hall.id })).venue).toMatchObject({
      id: hall.id,
      venue: 'Hall',
    });
    expect(
      (await createEvent(server, { ...basics, venue: [{ id: hall.id }] })).venue,
    ).toMatchObject({ id: hall.id });
    const inline = await createEvent(server, {
      ...basics,
      venue: { venue: 'Roof Top', stateprovince: 'Île-de-France', zip: '75001' },
    });
    expect(inline.venue).toMatchObject({
      venue: 'Roof Top',
      stateprovince: 'Île-de-France',
      zip: '75001',
      show_map: true,
    });
    const again = await createEvent(server, { ...basics, venue: { venue: 'roof top' } });
    expect(again.venue).toMatchObject({ id: (inline.venue as { id: number }).id });
  });

  it('links organizers in order: ids, {id}, and inline ones created or matched (TEC 46)', async () => {
    const first = await createEvent(server, {
      ...basics,
      organizer: [{ organizer: 'Ann' }, { organizer: 'Bob', email: 'bob@x.example' }],
    });
    const [ann, bob] = first.organizer;
    const mixed = await createEvent(server, {
      ...basics,
      organizer: [bob?.id, { id: ann?.id }, { organizer: 'Cy' }, { organizer: 'ANN' }],
    });
    expect(mixed.organizer.map((organizer) => organizer.organizer)).toEqual(['Bob', 'Ann', 'Cy']);
    expect(
      (await createEvent(server, { ...basics, organizer: `${ann?.id},${bob?.id}` })).organizer,
    ).toHaveLength(2);
  });

  it('takes categories and tags by id, slug or name, creating new ones, ordered by name (TEC 48)', async () => {
    const event = await createEvent(server, {
      ...basics,
      categories: 'Jazz,Blues',
      tags: ['late', 'free'],
    });
    // WordPress answers an object's terms by name, whatever order they were given in.
    expect(event.categories.map((term) => term.name)).toEqual(['Blues', 'Jazz']);
    expect(event.categories[1]).toMatchObject({
      taxonomy: 'tribe_events_cat',
      slug: 'jazz',
      count: 1,
      filter: 'raw',
    });
    expect(event.tags.map((term) => term.slug)).toEqual(['free', 'late']);
    const jazz = event.categories[1]?.id ?? 0;
    const again = await createEvent(server, {
      ...basics,
      categories: [String(jazz), 'blues', 'Soul', 99999],
    });
    expect(again.categories.map((term) => term.name)).toEqual(['Blues', 'Jazz', 'Soul']);
    expect((await createEvent(server, { ...basics, categories: '' })).categories).toEqual([]);
  });

  it('lets contributors add tags and categories by name, as TEC does', async () => {
    const event = await createEvent(
      server,
      { ...basics, tags: 'new-tag', categories: 'New Cat' },
      'contributor',
    );
    expect(event.tags).toHaveLength(1);
    expect(event.categories.map((term) => term.name)).toEqual(['New Cat']);
  });

  it('keeps images to authors and up (TEC 40)', async () => {
    const event = await createEvent(server, { ...basics, image: 'https://img.example/poster.png' });
    expect(event.image).toMatchObject({ url: 'https://img.example/poster.png', extension: 'png' });
    expectError(
      await server.api('/events', {
        as: 'contributor',
        json: { ...basics, image: 'https://img.example/a.png' },
      }),
      400,
      'rest_invalid_param',
    );
  });

  it('writes nothing when a part of it fails', async () => {
    const reply = await server.api('/events', {
      as: 'contributor',
      // A contributor may not give the event to another author: refused after the body's venue
      // was made, inside the same write.
      json: { ...basics, venue: { venue: 'Half' }, author: 1 },
    });
    expect(reply.status).toBe(403);
    expect(
      (await server.api('/venues?search=half', { as: 'owner' })).headers.get('x-tec-total'),
    ).toBe('0');
  });
});
