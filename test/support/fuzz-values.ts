/**
 * What the fuzz suite (test/integration/fuzz.test.ts) draws requests from: odd names and values,
 * broken escapes, paths no route has, bodies of every kind, content types and encodings, hosts.
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { at } from './events.ts';

/** The seeded records' slugs (event, venue, organizer, categories, tag), one beyond ASCII. */
export const SLUGS = ['anchor', 'v', 'o', 'c', 't', encodeURIComponent('cafe-日本')];
const BAD_ESCAPES = ['%', '%zz', '%E0%A4%A', '%c0%af', '%00', '%FF%FE', '%%', '%2', '%u0041'];
const ODD_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'a[b][c][d][e][f][g][h]',
  'x[]',
  'x[0]',
  'x[__proto__]',
  '_method',
  'language',
  'lang',
  'password',
  'context',
];
const ODD_VALUES = [
  'true',
  'false',
  '',
  'null',
  '2026-11-21',
  '2026-11-21 10:00:00',
  'now',
  '+1 week',
  'en',
  'de',
  'xx',
  '1,2,3',
  '-1',
  '0',
  '1e400',
  '99999999999999999999',
  'publish',
  'draft',
  'trash',
  'json',
  'ics',
  'csv',
  'edit',
  'help',
  'DELETE',
  'PUT',
];

/** Every C0 control character and DEL: text parameters must take them (NUL reached FTS5). */
export const CONTROLS = [...Array.from({ length: 32 }, (_, code) => code), 127].map((code) =>
  String.fromCharCode(code),
);

/** Text with control characters in it (fast-check's strings are printable ASCII). */
const controlText = fc
  .tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...CONTROLS), fc.string({ maxLength: 6 }))
  .map(([before, control, after]) => `${before}${control}${after}`);

/** A string as the client may put it in a URL: encoded, raw Latin-1, or a broken escape. */
export const urlText = fc.oneof(
  fc.string({ maxLength: 16 }).map(encodeURIComponent),
  controlText.map(encodeURIComponent),
  fc.string({ unit: 'grapheme', maxLength: 8 }).map(encodeURIComponent),
  fc.constantFrom(...BAD_ESCAPES),
  fc.integer().map(String),
  fc.constantFrom(...ODD_VALUES),
);

export const JUNK_PATHS = [
  '/',
  '/wp-json',
  '/wp-json/',
  '/%',
  '/wp-json/%zz',
  '//wp-json//tribe/events/v1',
  '/assets/..%2f..%2fetc/passwd',
  '/?rest_route=%',
  '/?rest_route=',
  '/xx/wp-json/',
  '/de/?rest_route=/',
  '/wp-json/tribe/events/v1/events/1/extra',
  '/index.html',
  '/assets/app-1234.js',
  '/assets/%zz',
  '/assets/..%2f..%2fapp-1234.js',
];

export function queryOf(args: string[]): fc.Arbitrary<string> {
  const name = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...(args.length ? args : ['x'])) },
    { weight: 2, arbitrary: fc.constantFrom(...ODD_NAMES) },
    { weight: 1, arbitrary: urlText },
  );
  const pairs = fc
    .array(fc.tuple(name, urlText), { maxLength: 6 })
    .map((list) => list.map(([key, value]) => `${key}=${value}`).join('&'));
  return fc.oneof(
    { weight: 12, arbitrary: pairs },
    // Past qs's parameter limit, and past Node's 16 KB for the request line and headers.
    {
      weight: 1,
      arbitrary: fc.constant(Array.from({ length: 1100 }, (_, i) => `k${i}=1`).join('&')),
    },
    { weight: 1, arbitrary: fc.constant(`search=${'a'.repeat(17_000)}`) },
  );
}

type Body = { type?: string | undefined; bytes: Buffer };

const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  controlText,
  fc.constantFrom(...ODD_VALUES),
  fc.constantFrom(at(2), at(2, 2), 'V', 'O', 'C', 'editor', 'admin'),
);

/** Valid-looking bodies (so handlers go past validation and write) with odd values mixed in. */
export const TEMPLATES: Record<string, Record<string, unknown> | undefined> = {
  events: { title: 'Fuzz', start_date: at(3), end_date: at(3, 1) },
  venues: { venue: 'Fuzz venue' },
  organizers: { organizer: 'Fuzz organizer' },
  categories: { name: 'Fuzz category' },
  tags: { name: 'Fuzz tag' },
  tokens: { name: 'fuzz', role: 'contributor' },
  settings: { defaultLanguage: 'en' },
  push: {
    clientId: 'fuzz-client',
    mutations: [
      {
        kind: 'venue',
        op: 'create',
        uuid: '0b7e4a52-5f0e-4c3a-9d1e-2f4c7a9b1c01',
        baseRev: 0,
        mutationId: 1,
        fields: { name: { en: 'Pushed venue' } },
      },
    ],
  },
};

/** The import route reads a file as its body, in the format its query names. */
export const PLAUSIBLE_IMPORT = {
  query: 'format=ics',
  body: {
    type: 'text/calendar',
    bytes: Buffer.from(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//fuzz//EN',
        'BEGIN:VEVENT',
        'UID:fuzz-1@example.com',
        'DTSTAMP:20261120T100000Z',
        'DTSTART:20261125T180000Z',
        'DTEND:20261125T200000Z',
        'SUMMARY:Imported',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    ),
  },
};

function deepJson(depth: number): string {
  return `{"show_map":${'['.repeat(depth)}${']'.repeat(depth)}}`;
}

export function bodyOf(route: string, args: string[]): fc.Arbitrary<Body | undefined> {
  const resource = route.split('/')[4] ?? route.split('/')[3] ?? '';
  const fields = fc.dictionary(
    fc.oneof(fc.constantFrom(...(args.length ? args : ['x'])), fc.constantFrom(...ODD_NAMES)),
    jsonValue,
    { maxKeys: 5 },
  );
  const json = fc.tuple(fc.nat(3), fields).map(([pick, extra]) => ({
    ...(pick > 0 ? TEMPLATES[resource] : {}),
    ...(pick === 1 ? {} : extra),
  }));
  const text = (type: string) => (bytes: string) => ({ type, bytes: Buffer.from(bytes) });
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    {
      weight: 5,
      arbitrary: json.map((value) => JSON.stringify(value)).map(text('application/json')),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.jsonValue(), fc.constantFrom('[', '{"a":', '\u0000', ''))
        .map((value) =>
          text('application/json')(typeof value === 'string' ? value : JSON.stringify(value)),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(10, 64, 65, 200, 15_000)
        .map((depth) => text('application/json')(deepJson(depth))),
    },
    {
      weight: 2,
      arbitrary: json
        .map((value) =>
          new URLSearchParams(
            Object.entries(value).map(([key, item]) => [
              key,
              typeof item === 'string' ? item : JSON.stringify(item),
            ]),
          ).toString(),
        )
        .map(text('application/x-www-form-urlencoded')),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          `a${'[b]'.repeat(40)}=1`,
          `a${'[b]'.repeat(20)}=1&password=hunter2`,
          Array.from({ length: 1100 }, (_, i) => `k${i}=1`).join('&'),
          'title=%zz&password=%',
          '__proto__[polluted]=1&constructor[prototype][x]=1',
        )
        .map(text('application/x-www-form-urlencoded')),
    },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ bytes: Buffer.from(bytes) })),
    },
  );
}

export const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=bogus',
  'application/x-www-form-urlencoded',
  'text/plain',
  'text/calendar',
  'text/csv',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  ';;;',
  '*/*',
];

type Encoding = { name?: string; compress?: (bytes: Buffer) => Buffer };
export const ENCODINGS = fc.oneof(
  { weight: 20, arbitrary: fc.constant<Encoding>({}) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<Encoding>(
      { name: 'gzip', compress: gzipSync },
      { name: 'deflate', compress: deflateSync },
      { name: 'br', compress: brotliCompressSync },
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        'gzip',
        'deflate',
        'br',
        'identity',
        'zstd',
        'gzip, br',
        'x-gzip',
        'compress',
        '*',
      )
      .map((name): Encoding => ({ name })),
  },
);

export const HOSTS = [
  'localhost:PORT',
  '[::1]:PORT',
  'localhost:99999',
  '127.0.0.1:abc',
  '[::1',
  'evil.example',
  'marquee.localhost:PORT',
  'localhost:',
  'a b',
  '127.0.0.1:PORT:PORT',
  '999.1.1.1',
];
