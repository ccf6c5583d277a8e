/**
 * A file's import in its own thread (import-aside.ts), on a real calendar file: it says what it
 * read before it writes anything, writes through its own connection with the revision it is
 * given, and its failures reach the server's thread as the errors they were (a refusal keeps
 * its code and problems, an SQLite error the codes store-failure.ts reads).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openOwnerCalendar } from '../../cli/owner-calendar.ts';
import { DomainError } from '../../domain/errors.ts';
import { importAside, type AsideInput } from './import-aside.ts';

let dir: string;
let calendar: ReturnType<typeof openOwnerCalendar>;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-import-aside-'));
  calendar = openOwnerCalendar(dir, { lock: false, overrides: { timezone: 'Europe/Berlin' } });
});
afterEach(() => {
  calendar.store.close();
  rmSync(dir, { recursive: true, force: true });
});

function ics(summaries: string[]): Uint8Array {
  const events = summaries.flatMap((summary, index) => [
    ...['BEGIN:VEVENT', `UID:aside-${index}@example.org`, 'DTSTAMP:20261120T100000Z'],
    ...['DTSTART:20270105T180000Z', 'DTEND:20270105T200000Z', `SUMMARY:${summary}`, 'END:VEVENT'],
  ]);
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Aside//EN', ...events];
  return new TextEncoder().encode([...lines, 'END:VCALENDAR', ''].join('\r\n'));
}

const input = (bytes: Uint8Array, file = calendar.store.db.file): Omit<AsideInput, 'stop'> => ({
  file,
  format: 'ics',
  source: { bytes },
  context: calendar.context,
  options: { dryRun: false },
});

const events = () =>
  (
    calendar.store.db.prepare(`SELECT count(*) AS n FROM posts WHERE kind = 'event'`).get() as {
      n: number;
    }
  ).n;

it('says what it read, then writes it with a revision past the one it is given', async () => {
  const aside = importAside(input(ics(['Eins', 'Zwei'])));
  expect(await aside.read).toEqual({ events: 2, records: 2, problems: 0, whole: true });
  expect(events()).toBe(0);
  const summary = await aside.write(41, new AbortController().signal);
  expect(summary).toMatchObject({ events: { new: 2 } });
  expect(events()).toBe(2);
  const rev = calendar.store.db.prepare('SELECT seq FROM change_counter').get() as { seq: number };
  expect(rev.seq).toBe(42);
});

it('hands a refusal over as the domain error it is, having written nothing', async () => {
  const aside = importAside(input(ics(['Gut', 'x'.repeat(600)])));
  await aside.read;
  const refused = await aside
    .write(0, new AbortController().signal)
    .catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(DomainError);
  expect(refused).toMatchObject({
    code: 'marquee_import_invalid',
    data: { problems: [{ line: 11 }] },
  });
  expect(events()).toBe(0);
});

it('hands an SQLite error over with the codes that say what failed', async () => {
  // A file that is no calendar: the write finds none of its tables.
  const aside = importAside(input(ics(['Eins']), join(dir, 'empty.db')));
  await aside.read;
  await expect(aside.write(0, new AbortController().signal)).rejects.toMatchObject({
    code: 'ERR_SQLITE_ERROR',
    errcode: 1,
    message: expect.stringContaining('no such table') as unknown,
  });
});

it('rolls its write back when stopped, and says so', async () => {
  const many = Array.from({ length: 3000 }, (_, index) => `Konzert ${index}`);
  const aside = importAside(input(ics(many)));
  await aside.read;
  const stop = new AbortController();
  const writing = aside.write(0, stop.signal);
  stop.abort();
  await expect(writing).rejects.toMatchObject({ code: 'marquee_stopping' });
  expect(events()).toBe(0);
});
