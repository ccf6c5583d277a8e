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
 *   and the notes say so;
 * - a spreadsheet's own headers, mapped with `columns` as TEC's importer maps them by hand;
 * - rows that cannot be read: named by line, and skipped on request (`skipBroken`).
 *
 * This file: the columns, the import's documented arguments and the rows that cannot be read;
 * csv-tec.test.ts the files as TEC ships them.
 */
import { describe, expect, it } from 'vitest';
import type { ImportSummary } from '#shared/schemas/transfer.ts';
import { fixture, IMPORT, csvTecServer } from '../support/csv-tec-import.ts';

const { server, imported, eventsByTitle } = csvTecServer();

describe('columns a file names in its own words', () => {
  it('refuses a file it recognises no column of, listing every header to choose for', async () => {
    const { body } = await imported('own-headers.csv', '&dryRun=true');
    expect(body.problems[0]?.message).toMatch(/no column of TEC’s importer/);
    expect(body.unknownHeaders).toEqual([
      'Titel',
      'Ort',
      'Veranstalter',
      'Datum',
      'Beginn',
      'Ende',
      'Kategorien',
      'Eintritt',
    ]);
  });

  it('imports it with the columns chosen for its headers, as TEC’s importer maps them', async () => {
    const columns = {
      Titel: 'event_name',
      Ort: 'event_venue_name',
      Veranstalter: 'event_organizer_name',
      Datum: 'event_start_date',
      Beginn: 'event_start_time',
      Ende: 'event_end_time',
      Kategorien: 'event_category',
    };
    const query = `&columns=${encodeURIComponent(JSON.stringify(columns))}`;
    const preview = await imported('own-headers.csv', `${query}&dryRun=true`);
    expect(preview.body.problems).toEqual([]);
    expect(preview.body.unknownHeaders).toEqual(['Eintritt']);
    expect(preview.body.headers[0]).toEqual({ header: 'Titel', key: 'event_name', chosen: true });
    expect(preview.body.headers.at(-1)).toEqual({ header: 'Eintritt', key: null, chosen: false });
    // The same as query parameters, as WordPress clients send objects.
    const params = Object.entries({ ...columns, Eintritt: 'event_cost' })
      .map(([header, key]) => `&columns[${encodeURIComponent(header)}]=${key}`)
      .join('');
    const { status, body } = await imported('own-headers.csv', params);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.unknownHeaders).toEqual([]);
    const organ = (await eventsByTitle()).get('Orgelnacht')!;
    expect([organ.start_date, organ.end_date, organ.cost]).toEqual([
      '2027-05-14 20:00:00',
      '2027-05-14 22:00:00',
      '$12',
    ]);
    expect(organ.categories.map((term) => term.name).sort()).toEqual(['Kirche', 'Musik']);
  });

  it('leaves a column out when told to, and refuses a choice the file cannot take', async () => {
    const leaveOut = encodeURIComponent(JSON.stringify({ 'EVENT WEBSITE': '' }));
    const { body } = await imported('shouting-headers.csv', `&dryRun=true&columns=${leaveOut}`);
    expect(body.unknownHeaders).toEqual(['EVENT PHONE', 'EVENT WEBSITE']);
    const wrong = encodeURIComponent(
      JSON.stringify({ Nope: 'event_cost', Titel: 'event_name', Ort: 'venue_city' }),
    );
    const refused = await imported('own-headers.csv', `&dryRun=true&columns=${wrong}`);
    // The rows are still read (each names its own problems): the first line's come first.
    expect(refused.body.problems.slice(0, 2).map((problem) => problem.message)).toEqual([
      'columns: the file has no column "Nope"',
      'columns: "Ort" is chosen as venue_city, which is not a column of event files',
    ]);
    // Not a column of any kind: the parameter itself is refused.
    const unknown = encodeURIComponent(JSON.stringify({ Titel: 'event_title' }));
    const bad = await server().request(`${IMPORT}&dryRun=true&columns=${unknown}`, {
      as: 'owner',
      text: fixture('own-headers.csv'),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'rest_invalid_param' });
    const notJson = await server().request(`${IMPORT}&dryRun=true&columns=%7Bnope`, {
      as: 'owner',
      text: fixture('own-headers.csv'),
    });
    expect(notJson.status).toBe(400);
  });
});

describe('the import’s documented arguments', () => {
  it('describes `columns` and `skipBroken` with ?context=help, in the root and the namespace', async () => {
    type Arg = { type?: string; required: boolean; description?: string };
    type Route = { endpoints: { methods: string[]; args: Record<string, Arg> }[] };
    for (const index of ['/wp-json/?context=help', '/wp-json/marquee/v1?context=help']) {
      const help = await server().request(index);
      const routes = (help.body as { routes: Record<string, Route> }).routes;
      const args = routes['/marquee/v1/import']?.endpoints[0]?.args ?? {};
      expect(args.columns?.required, index).toBe(false);
      expect(args.columns?.description, index).toMatch(/header → column key/);
      expect(args.skipBroken?.type, index).toBe('boolean');
      expect(args.skipBroken?.description, index).toMatch(/CSV rows/);
    }
  });
});

describe('rows that cannot be read', () => {
  it('names them, says the rest can go without them, and imports the good ones only when asked', async () => {
    const preview = await imported('broken-rows.csv', '&dryRun=true');
    expect(preview.body.problems.map(({ line, message }) => `${line}: ${message}`)).toEqual([
      '3: event_start_date "02/30/2027" is not a date on the calendar',
      '3: event_end_date "02/30/2027" is not a date on the calendar',
      '4: event_all_day "perhaps" must be yes or no (or y/n, true/false, 1/0, on/off)',
    ]);
    expect([preview.body.rowCount, preview.body.broken]).toEqual([2, 2]);
    const refused = await imported('broken-rows.csv');
    expect(refused.status).toBe(400);
    expect(await eventsByTitle()).toEqual(new Map());

    const { status, body } = await imported('broken-rows.csv', '&skipBroken=true');
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.events.new).toBe(2);
    expect(body.problems).toEqual([]);
    expect(body.notes.map(({ line, key }) => `${line} ${key}`)).toEqual([
      '3 skipped',
      '3 skipped',
      '4 skipped',
    ]);
    expect([...(await eventsByTitle()).keys()].sort()).toEqual(['Book Swap', 'Spring Fair']);
  });

  it('offers no skipping when the services refuse a row the reader could read', async () => {
    const text =
      'Event Name,Event Start Date,Event Website\n' +
      'Fine,2027-03-01,\n' +
      'Bad date,2027-02-30,\n' +
      'Bad website,2027-03-02,not a web address\n';
    const reply = await server().request(`${IMPORT}&dryRun=true`, { as: 'owner', text });
    const body = reply.body as ImportSummary;
    expect(body.problems.map((problem) => problem.line)).toEqual([3, 4]);
    expect(body.broken).toBeUndefined();
  });
});
