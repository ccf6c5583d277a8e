/**
 * `npm run bench:caldav`: a phone's CalDAV sync on the seeded calendar (10k events unless
 * BENCH_EVENTS says otherwise), over HTTP with the owner's token in Basic: the full listing
 * (a first sync, an empty sync token: every object with its ETag; and PROPFIND Depth 1), a
 * month's calendar-query, a delta after ten edits through REST, and GET of one object. With
 * BENCH_RADICALE=1 the same events are PUT into Radicale (Debian's) on the same machine and
 * measured alike, its ten edits PUT through CalDAV. Figures, not assertions: run it on a quiet
 * machine. BENCH_FULL_ROUNDS (3) counts the full listings, which take seconds each.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSeededServer } from './processes.ts';
import { fillRadicale, startRadicale, type Radicale } from './radicale.ts';
import { FULL_SIZE } from './seed.ts';

/** BENCH_PORT: another port where 8923 is taken; Radicale listens on the next one. */
const PORT = Number(process.env.BENCH_PORT ?? 8923);
const RADICALE_PORT = PORT + 1;
const TOKEN = 'bench-caldav-token-0123456789';
const ROUNDS = 5;
const FULL_ROUNDS = Number(process.env.BENCH_FULL_ROUNDS ?? 3);
const CHANGES = 10;
const origin = `http://127.0.0.1:${PORT}`;
const events = Number(process.env.BENCH_EVENTS ?? 10_000);
const authorization = `Basic ${Buffer.from(`admin:${TOKEN}`).toString('base64')}`;
const CALENDAR = `${origin}/dav/calendars/events/`;
/** A month in the middle of the seed's five years (from 2024-06-01). */
const MONTH = { start: '20260301T000000Z', end: '20260401T000000Z' };

/**
 * One request over node:http, its time to the last byte. Not fetch: undici trips on Radicale
 * closing its connections (an assertion on the socket's end kills the process).
 */
function timed(
  url: string,
  init: { method: string; body?: string; headers?: Record<string, string> },
): Promise<{ ms: number; text: string; etag: string | undefined }> {
  const began = performance.now();
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { method: init.method, headers: { authorization, ...init.headers }, agent: false },
      (reply) => {
        const chunks: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => chunks.push(chunk));
        reply.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if ((reply.statusCode ?? 500) >= 300)
            return reject(new Error(`${init.method} ${url}: ${reply.statusCode} ${text}`));
          resolve({ ms: performance.now() - began, text, etag: reply.headers.etag });
        });
        reply.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(init.body);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
const responses = (text: string) => [...text.matchAll(/<(?:\w+:)?response>/g)].length;
const syncTokenOf = (text: string) =>
  /<(?:\w+:)?sync-token>(.*?)<\/(?:\w+:)?sync-token>/.exec(text)![1]!;
const hrefsOf = (text: string) =>
  [...text.matchAll(/<(?:\w+:)?href>(.*?)<\/(?:\w+:)?href>/g)]
    .map((match) => match[1]!)
    .filter((href) => href.endsWith('.ics'));

const syncBody = (token: string) =>
  `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;
const monthBody = `<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="${MONTH.start}" end="${MONTH.end}"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`;

type Figures = {
  full: number[];
  listing: number[];
  month: number[];
  deltas: number[];
  gets: number[];
  objects: number;
  inMonth: number;
  changed: number;
};

/**
 * Measures one CalDAV server; `change(round)` makes ten changes and answers when they are
 * stored. Each round's delta starts from the token the previous answer gave.
 */
async function measure(
  calendar: string,
  change: (round: number, hrefs: string[]) => Promise<void>,
): Promise<Figures> {
  const figures: Figures = {
    full: [],
    listing: [],
    month: [],
    deltas: [],
    gets: [],
    objects: 0,
    inMonth: 0,
    changed: 0,
  };
  let token = '';
  let hrefs: string[] = [];
  for (let round = 0; round < FULL_ROUNDS; round += 1) {
    const first = await timed(calendar, {
      method: 'REPORT',
      headers: { depth: '1', 'content-type': 'application/xml' },
      body: syncBody(''),
    });
    figures.full.push(first.ms);
    figures.objects = responses(first.text);
    token = syncTokenOf(first.text);
    hrefs = hrefsOf(first.text);
    const listed = await timed(calendar, { method: 'PROPFIND', headers: { depth: '1' }, body: '' });
    figures.listing.push(listed.ms);
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    const month = await timed(calendar, {
      method: 'REPORT',
      headers: { depth: '1', 'content-type': 'application/xml' },
      body: monthBody,
    });
    figures.month.push(month.ms);
    figures.inMonth = responses(month.text);
    await change(round, hrefs.slice(round * CHANGES, (round + 1) * CHANGES));
    const delta = await timed(calendar, {
      method: 'REPORT',
      headers: { depth: '1', 'content-type': 'application/xml' },
      body: syncBody(token),
    });
    figures.deltas.push(delta.ms);
    figures.changed = responses(delta.text);
    token = syncTokenOf(delta.text);
    const href = hrefsOf(delta.text)[0]!;
    figures.gets.push((await timed(new URL(href, calendar).href, { method: 'GET' })).ms);
  }
  return figures;
}

function report(name: string, figures: Figures) {
  console.log(`\n${name}: ${figures.objects} objects (medians; first is cold)`);
  const line = (label: string, values: number[]) =>
    console.log(
      `  ${label} median ${median(values).toFixed(0)} ms (first ${values[0]?.toFixed(0)} ms, of ${values.length})`,
    );
  line('first sync (empty token):     ', figures.full);
  line('PROPFIND Depth 1 (getetag):   ', figures.listing);
  line(`month's calendar-query (${figures.inMonth}):`.padEnd(30), figures.month);
  line(`delta after ${CHANGES} changes (${figures.changed}):`.padEnd(30), figures.deltas);
  line('GET one object:               ', figures.gets);
}

/** Ten events edited through Marquee's REST API, as the editor or a script would. */
async function editInMarquee(round: number) {
  const reply = await fetch(
    `${origin}/wp-json/tribe/events/v1/events?per_page=${CHANGES}&page=${round + 1}&start_date=2000-01-01`,
    { headers: { authorization } },
  );
  for (const event of ((await reply.json()) as { events: { id: number }[] }).events) {
    const edited = await fetch(`${origin}/wp-json/tribe/events/v1/events/${event.id}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Edited ${round}` }),
    });
    if (edited.status !== 200) throw new Error(`edit: ${edited.status}`);
  }
}

/** Ten objects edited in Radicale through CalDAV (GET, change the title, PUT with If-Match). */
function editInRadicale(radicale: Radicale) {
  return async (round: number, hrefs: string[]) => {
    for (const href of hrefs) {
      const url = new URL(href, radicale.calendar).href;
      const object = await timed(url, { method: 'GET' });
      await timed(url, {
        method: 'PUT',
        headers: { 'content-type': 'text/calendar', 'if-match': object.etag ?? '*' },
        body: object.text.replace(/^SUMMARY:.*$/m, `SUMMARY:Edited ${round}`),
      });
    }
  };
}

const dir = mkdtempSync(join(tmpdir(), 'marquee-caldav-bench-'));
let server: ChildProcess | undefined;
let radicale: Radicale | undefined;
// A crash outside the try (a socket's error) must not leave the servers running either.
process.once('exit', () => {
  server?.kill('SIGINT');
  radicale?.child.kill('SIGINT');
});
try {
  server = await startSeededServer({
    dir,
    size: { ...FULL_SIZE, events },
    port: PORT,
    token: TOKEN,
  });
  console.log(`CalDAV on a ${events}-event calendar`);
  report('Marquee', await measure(CALENDAR, editInMarquee));
  if (process.env.BENCH_RADICALE === '1') {
    // The same events: Marquee's own ICS export of all of them, without METHOD (an object's
    // calendar holds none), PUT as one calendar.
    const exported = await fetch(
      `${origin}/wp-json/marquee/v1/export?format=ics&start_date=2000-01-01&end_date=2100-01-01`,
      { headers: { authorization } },
    );
    const ics = (await exported.text()).replace(/^METHOD:.*\r\n/m, '');
    radicale = await startRadicale(join(dir, 'radicale'), RADICALE_PORT, 'admin', authorization);
    console.log(`\nPutting ${(ics.length / 1e6).toFixed(1)} MB into Radicale…`);
    const filled = await fillRadicale(radicale, ics, authorization);
    console.log(`\nRadicale filled by one PUT in ${(filled / 1000).toFixed(1)} s`);
    report('Radicale', await measure(radicale.calendar, editInRadicale(radicale)));
  }
} finally {
  server?.kill('SIGINT');
  radicale?.child.kill('SIGINT');
  rmSync(dir, { recursive: true, force: true });
}
