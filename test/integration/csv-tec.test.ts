/**
 * The Events Calendar's own CSV import test files, in their shapes (test/fixtures/csv-tec/, each
 * naming in its first line, a comment the test takes off, the TEC file it follows), imported
 * through the API into an empty calendar whose zone is America/Chicago:
 *
 * - two-digit years (`11/19/14`), textual dates (`apr 19, 2016`), TEC's boolean spellings, a
 *   missing end (the start), headers in capitals with question marks and without the kind's
 *   word (`"START DATE"`, `"ALL DAY EVENT?"`, `"VENUE NAME"`), zones of every kind TEC writes
 *   (`UTC+3:30` too: every door accepts what the REST API accepts, read by the same functions);
 * - a featured image given as a WordPress attachment id: the event comes, the image does not,
 *   and the notes say so.
 *
 * A spreadsheet's own headers, the import's arguments and rows that cannot be read:
 * csv-tec-columns.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { csvTecServer } from '../support/csv-tec-import.ts';
import { createEvent } from '../support/events.ts';
import { pull } from '../support/sync.ts';

const { server, imported, eventsByTitle } = csvTecServer();

describe('TEC’s CSV test files, imported into an empty calendar', () => {
  it('reads two-digit years, TEC’s booleans and the columns it has, in the calendar’s zone', async () => {
    const { status, body } = await imported('two-digit-years.csv');
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.events.new).toBe(4);
    expect(body.unknownHeaders).toEqual(['Comment status', 'Ping status']);
    // Hidden from listings ("Hide" is TEC's event_hide without its word): read as synced.
    const records = (await pull(server(), '0', { as: 'owner' })).records.event;
    const walk = records.find((event) => event.title.en === 'Lantern Walk')!;
    expect([walk.start, walk.end, walk.allDay, walk.timezone]).toEqual([
      '2014-11-19 00:00:00',
      '2014-11-19 23:59:59',
      true,
      'America/Chicago',
    ]);
    expect([walk.hideFromListings, walk.sticky, walk.showMap, walk.showMapLink]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    const events = await eventsByTitle();
    expect(events.has('Lantern Walk')).toBe(false);
    const dune = events.get('Dune, Read Aloud')!;
    expect([dune.start_date, dune.end_date, dune.all_day, dune.timezone]).toEqual([
      '2014-11-10 09:30:00',
      '2014-11-10 17:30:00',
      false,
      'America/Chicago',
    ]);
    // Chicago is six hours behind UTC in November.
    expect(dune.utc_start_date).toBe('2014-11-10 15:30:00');
    const market = events.get('Night Market')!;
    expect([market.start_date, market.end_date]).toEqual([
      '2027-03-02 21:45:00',
      '2027-03-02 22:45:00',
    ]);
    expect(market.categories.map((term) => term.name).sort()).toEqual(['Food', 'Market']);
    expect(events.get('Harbour Quiz')?.all_day).toBe(true);
  });

  it('reads every zone TEC writes, UTC+3:30 too; a row without zone or end gets the calendar’s and its start', async () => {
    const { status, body } = await imported('time-zones.csv');
    expect(status, JSON.stringify(body)).toBe(201);
    const events = await eventsByTitle();
    const times = (title: string) => {
      const event = events.get(title)!;
      return [event.timezone, event.start_date, event.utc_start_date, event.end_date];
    };
    expect(times('Tide Table Talk')).toEqual([
      'UTC',
      '2014-11-19 07:30:00',
      '2014-11-19 07:30:00',
      '2014-11-19 09:30:00',
    ]);
    expect(times('Persian Film Night')).toEqual([
      'UTC+3:30',
      '2014-11-25 08:15:00',
      '2014-11-25 04:45:00',
      '2014-11-25 13:15:00',
    ]);
    expect(times('Regatta Briefing')).toEqual([
      'Atlantic/Bermuda',
      '2014-11-10 09:30:00',
      '2014-11-10 13:30:00',
      '2014-11-10 17:30:00',
    ]);
    expect(times('Choir Evening')).toEqual([
      'Europe/Nicosia',
      '2014-11-10 21:45:00',
      '2014-11-10 19:45:00',
      '2014-11-10 22:45:00',
    ]);
    expect(times('Home Zone Talk')).toEqual([
      'America/Chicago',
      '2014-11-11 18:00:00',
      '2014-11-12 00:00:00',
      '2014-11-11 18:00:00',
    ]);
  });

  it('keeps an event whose image is a WordPress attachment id, without the image, and says so', async () => {
    const { status, body } = await imported('featured-image.csv');
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.events.new).toBe(3);
    expect(body.notes.map(({ line, key, params }) => ({ line, key, params }))).toEqual([
      { line: 2, key: 'imageId', params: { id: '84' } },
      { line: 4, key: 'imageId', params: { id: '223344' } },
    ]);
    const events = await eventsByTitle();
    expect(events.get('Poster Show')?.image).toBe(false);
    expect(events.get('Zine Swap')?.image).toBe(false);
    const fair = events.get('Print Fair')?.image;
    expect(fair && fair.url).toBe('https://example.org/images/print-fair.png');
  });

  it('reads headers in capitals with question marks, a textual date and a missing end', async () => {
    const { status, body } = await imported('shouting-headers.csv');
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.kind).toBe('events');
    expect(body.unknownHeaders).toEqual(['EVENT PHONE']);
    expect(body.headers.slice(0, 4)).toEqual([
      { header: 'EVENT NAME', key: 'event_name', chosen: false },
      { header: 'VENUE NAME', key: 'event_venue_name', chosen: false },
      { header: 'ORGANIZER NAME', key: 'event_organizer_name', chosen: false },
      { header: 'START DATE', key: 'event_start_date', chosen: false },
    ]);
    const events = await eventsByTitle();
    const finale = events.get('Drama Group Finale')!;
    expect([finale.start_date, finale.end_date, finale.all_day, finale.timezone]).toEqual([
      '2016-04-19 12:30:00',
      '2016-04-19 12:30:00',
      false,
      'America/Chicago',
    ]);
    expect([finale.show_map, finale.show_map_link, finale.website]).toEqual([
      true,
      true,
      'https://example.org/calendar/',
    ]);
    expect(Array.isArray(finale.venue) ? null : finale.venue.venue).toBe('St Olaf&#8217;s Church');
    expect(finale.organizer.map((organizer) => organizer.organizer)).toEqual(['Parish Office']);
    const concert = events.get('Easter Concert')!;
    expect([concert.start_date, concert.end_date, concert.all_day]).toEqual([
      '2016-03-27 00:00:00',
      '2016-03-27 23:59:59',
      true,
    ]);
    expect(concert.categories.map((term) => term.name).sort()).toEqual(['Church life', 'Music']);
  });

  it('reads dates and zones as the REST API does: the same text gives the same event', async () => {
    await imported('time-zones.csv');
    const fromCsv = (await eventsByTitle()).get('Persian Film Night')!;
    const fromRest = await createEvent(server(), {
      title: 'Persian Film Night, by REST',
      start_date: '11/25/14 8:15',
      end_date: '11/25/14 13:15',
      timezone: 'UTC+3:30',
    });
    expect([fromRest.start_date, fromRest.utc_start_date, fromRest.timezone]).toEqual([
      fromCsv.start_date,
      fromCsv.utc_start_date,
      fromCsv.timezone,
    ]);
  });
});
