/**
 * TEC's body rules that website builds read in every answer: costs in the calendar's
 * currency, map flags off unless sent, venues' `stateprovince`, terms by name, manual UTC
 * offsets as zones, and `website` that never gives away the editor's own link.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settingsReplySchema } from '#shared/schemas/settings.ts';
import { createEvent, eventListOf, eventOf } from '../support/events.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { expectError, venueListOf, venueOf } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const basics = { title: 'Gig', start_date: '2026-12-01 20:00:00', end_date: '2026-12-01 23:00:00' };
const settingsPath = '/wp-json/marquee/v1/settings';

async function costOf(cost: unknown) {
  const event = await createEvent(server, { ...basics, cost });
  return { cost: event.cost, details: event.cost_details };
}

describe('cost, as TEC formats it', () => {
  it('shows a cost without a symbol in the calendar’s currency ($, prefix by default)', async () => {
    const empty = { currency_symbol: '', currency_code: '', currency_position: '' };
    expect(await costOf('10')).toEqual({ cost: '$10', details: { ...empty, values: ['10'] } });
    expect(await costOf('12.50')).toEqual({
      cost: '$12.50',
      details: { ...empty, values: ['12.50'] },
    });
    expect(await costOf(['0', '20', '30'])).toEqual({
      cost: 'Free – $30',
      details: { ...empty, values: ['0', '20', '30'] },
    });
    expect(await costOf('Free')).toEqual({ cost: 'Free', details: { ...empty, values: ['free'] } });
    // TEC's JSON-LD offers a cost in words too, "Free" as 0 (measured on TEC 6.17.2).
    const free = await createEvent(server, { ...basics, cost: 'Free' });
    expect(eventOf(await server.api(`/events/${free.id}`)).json_ld).toMatchObject({
      offers: { price: '0' },
    });
    expect(await costOf('0')).toEqual({ cost: '', details: { ...empty, values: [] } });
    expect(await costOf('')).toEqual({ cost: '', details: { ...empty, values: [] } });
  });

  it('keeps a cost’s own symbol and echoes it in cost_details', async () => {
    expect(await costOf('$25')).toEqual({
      cost: '$25',
      details: {
        currency_symbol: '$',
        currency_code: '',
        currency_position: 'prefix',
        values: ['25'],
      },
    });
    expect(await costOf('20$')).toMatchObject({
      cost: '20$',
      details: { currency_symbol: '$', currency_position: 'postfix' },
    });
    // Deliberate: TEC turns € into $; Marquee keeps the currency the event was given in.
    expect(await costOf('€12 - €18')).toMatchObject({
      cost: '€12 – €18',
      details: { currency_symbol: '€', currency_position: 'prefix', values: ['12', '18'] },
    });
  });

  it('follows the currency setting, changed through marquee/v1/settings', async () => {
    const created = await createEvent(server, { ...basics, cost: '100 - 150' });
    const changed = await server.request(settingsPath, {
      as: 'owner',
      method: 'POST',
      json: { currency: { symbol: ' kr', position: 'postfix', code: 'SEK' } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(settingsReplySchema.parse(changed.body).settings.currency).toEqual({
      symbol: ' kr',
      position: 'postfix',
      code: 'SEK',
    });
    const event = eventOf(await server.api(`/events/${created.id}`));
    expect(event.cost).toBe('100 kr – 150 kr');
    expect(event.cost_details.currency_symbol).toBe('');
    // The price is the cost without its currency, as TEC's JSON-LD gives it.
    expect(event.json_ld).toMatchObject({ offers: { price: '100 – 150', priceCurrency: 'SEK' } });
    // The list's cached answer moves on with the settings too.
    expect(eventListOf(await server.api('/events')).events[0]?.cost).toBe('100 kr – 150 kr');
  });

  it('refuses a currency it cannot show, and keeps the one in force', async () => {
    for (const currency of [
      { symbol: '', position: 'prefix', code: '' },
      { symbol: '$', position: 'left', code: '' },
      { symbol: '$', position: 'prefix', code: 'dollars' },
    ]) {
      const reply = await server.request(settingsPath, {
        as: 'owner',
        method: 'POST',
        json: { currency },
      });
      expectError(reply, 400, 'rest_invalid_param');
    }
    const read = settingsReplySchema.parse(
      (await server.request(settingsPath, { as: 'owner' })).body,
    );
    expect(read.settings.currency).toEqual({ symbol: '$', position: 'prefix', code: 'USD' });
  });
});

describe('map flags', () => {
  it('are false when an API create does not send them, and kept when it does', async () => {
    expect(await createEvent(server, basics)).toMatchObject({
      show_map: false,
      show_map_link: false,
    });
    expect(
      await createEvent(server, { ...basics, show_map: true, show_map_link: 'true' }),
    ).toMatchObject({ show_map: true, show_map_link: true });
  });
});

describe('venues’ stateprovince', () => {
  it('is the state, else the province, in single, list and embedded venues', async () => {
    const state = await server.api('/venues', {
      as: 'owner',
      json: { venue: 'Blue Note', city: 'New York', state: 'NY', country: 'United States' },
    });
    const province = await server.api('/venues', {
      as: 'owner',
      json: { venue: 'Le Club', city: 'Montréal', province: 'Québec', country: 'Canada' },
    });
    const [ny, qc] = [venueOf(state), venueOf(province)];
    expect(ny).toMatchObject({ state: 'NY', stateprovince: 'NY' });
    expect(qc).toMatchObject({ province: 'Québec', stateprovince: 'Québec' });
    expect(venueOf(await server.api(`/venues/${qc.id}`)).stateprovince).toBe('Québec');
    const listed = venueListOf(await server.api('/venues')).venues;
    expect(listed.map((venue) => venue.stateprovince).sort()).toEqual(['NY', 'Québec']);
    const event = await createEvent(server, { ...basics, venue: ny.id });
    expect(event.venue).toMatchObject({ stateprovince: 'NY' });
    expect(eventListOf(await server.api('/events')).events[0]?.venue).toMatchObject({
      stateprovince: 'NY',
    });
  });
});

describe('an event’s categories and tags', () => {
  it('are ordered by name, letter case and accents aside, in the language served', async () => {
    const event = await createEvent(server, {
      ...basics,
      categories: ['zither', 'Éclectique', 'blues', 'Accordion'],
      tags: ['late', 'Early', 'free'],
    });
    expect(event.categories.map((term) => term.name)).toEqual([
      'Accordion',
      'blues',
      'Éclectique',
      'zither',
    ]);
    expect(event.tags.map((term) => term.name)).toEqual(['Early', 'free', 'late']);
    const listed = eventListOf(await server.api('/events')).events[0];
    expect(listed?.categories.map((term) => term.name)).toEqual([
      'Accordion',
      'blues',
      'Éclectique',
      'zither',
    ]);
  });
});

describe('manual UTC offsets as time zones', () => {
  it.each([
    ['UTC+2', 'UTC+2', '2026-12-01 18:00:00'],
    ['UTC-3:30', 'UTC-3:30', '2026-12-01 23:30:00'],
    ['UTC+5:30', 'UTC+5:30', '2026-12-01 14:30:00'],
    // What WordPress's time zone menu stores: hours with a decimal part.
    ['UTC+5.5', 'UTC+5.5', '2026-12-01 14:30:00'],
    ['UTC-9.5', 'UTC-9.5', '2026-12-02 05:30:00'],
    ['UTC+5.75', 'UTC+5.75', '2026-12-01 14:15:00'],
    ['UTC', 'UTC', '2026-12-01 20:00:00'],
    ['+02:00', 'GMT+0200', '2026-12-01 18:00:00'],
  ])('%s is answered back as given', async (timezone, abbr, utcStart) => {
    const created = await createEvent(server, { ...basics, timezone });
    const event = eventOf(await server.api(`/events/${created.id}`));
    expect(event).toMatchObject({
      timezone,
      timezone_abbr: abbr,
      start_date: '2026-12-01 20:00:00',
      utc_start_date: utcStart,
    });
  });

  it('reads relative dates in the offset and refuses offsets beyond ±14 h', async () => {
    const event = await createEvent(server, {
      ...basics,
      start_date: 'tomorrow 9am',
      end_date: 'tomorrow 10am',
      timezone: 'UTC+5:30',
    });
    // The test clock says 2026-11-20 10:00 UTC, which is 15:30 at UTC+5:30.
    expect(event).toMatchObject({
      start_date: '2026-11-21 09:00:00',
      utc_start_date: '2026-11-21 03:30:00',
    });
    for (const timezone of ['UTC+15', 'UTC+2:60', 'UTC+14.5', 'GMT+2', 'Mars/Base']) {
      const reply = await server.api('/events', { as: 'owner', json: { ...basics, timezone } });
      expectError(reply, 400, 'rest_invalid_param');
    }
  });
});

describe('website', () => {
  it('is "" without a website and without a public URL pattern, however the event was made', async () => {
    const made = await createEvent(server, basics);
    expect(made.url).toContain('/#/events/');
    expect(made.website).toBe('');
    const ics = await server.request('/wp-json/marquee/v1/ical');
    expect(ics.status).toBe(200);
    expect(String(ics.body)).not.toMatch(/^URL/m);
  });

  it('is the public page when settings name a pattern, and the event’s own site first', async () => {
    await server.request(settingsPath, {
      as: 'owner',
      method: 'POST',
      json: { publicUrls: { event: 'https://venue.example/events/{slug}/' } },
    });
    const plain = await createEvent(server, { ...basics, title: 'Jazz Night' });
    expect(plain).toMatchObject({
      url: 'https://venue.example/events/jazz-night/',
      website: 'https://venue.example/events/jazz-night/',
    });
    const own = await createEvent(server, { ...basics, website: 'https://band.example/' });
    expect(own.website).toBe('https://band.example/');
    const ics = String((await server.request('/wp-json/marquee/v1/ical')).body);
    // The public page, marked so an import does not take it for the event's own website.
    expect(ics).toContain('URL;X-MARQUEE-PAGE=TRUE:https://venue.example/events/jazz-night/');
    expect(ics).toContain('URL:https://band.example/');
  });
});
