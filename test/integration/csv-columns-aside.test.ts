/**
 * A CSV file large enough to be imported in a thread of its own (import-aside.ts) takes the
 * columns the user chose for its headers, as a small one does (csv-tec.test.ts).
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ImportSummary } from '#shared/schemas/transfer.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const IMPORT = '/wp-json/marquee/v1/import?format=csv';

/** A fixture without its first line, the comment that says which TEC file it follows. */
const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/csv-tec/${name}`, import.meta.url), 'utf8').replace(
    /^#.*\n/,
    '',
  );

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ overrides: { timezone: 'America/Chicago' } });
});
afterEach(() => server.close());

it('takes the chosen columns for a file large enough to be imported in its own thread', async () => {
  // Over 1 MB: read and written by the import's worker (import-aside.ts), which must be told
  // the columns too.
  const [header = '', first = ''] = fixture('own-headers.csv').split('\n');
  const rows = Array.from({ length: 9000 }, (_, index) =>
    first.replace(/^[^,]*/, `Probe ${index} ${'x'.repeat(80)}`),
  );
  const text = [header, ...rows].join('\n');
  expect(text.length).toBeGreaterThan(1_048_576);
  const columns = {
    Titel: 'event_name',
    Ort: 'event_venue_name',
    Veranstalter: 'event_organizer_name',
    Datum: 'event_start_date',
    Beginn: 'event_start_time',
    Ende: 'event_end_time',
    Kategorien: 'event_category',
    Eintritt: 'event_cost',
  };
  const query = `&columns=${encodeURIComponent(JSON.stringify(columns))}`;
  const reply = await server.request(`${IMPORT}${query}`, { as: 'owner', text });
  const body = reply.body as ImportSummary;
  expect(reply.status, JSON.stringify(body).slice(0, 500)).toBe(201);
  expect([body.events.new, body.unknownHeaders]).toEqual([9000, []]);
});
