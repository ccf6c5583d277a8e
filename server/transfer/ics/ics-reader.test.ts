import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FileEvent } from '../file-records.ts';
import { readIcs } from './ics-reader.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/ics/${name}`, import.meta.url));
const read = (input: string | Uint8Array, defaultZone = 'Europe/Berlin') =>
  readIcs(input, { defaultZone, now: new Date('2024-06-01T00:00:00Z') });
const times = ({ start, end, timezone, allDay }: FileEvent) => ({ start, end, timezone, allDay });
const find = (events: FileEvent[], uid: string | null, title?: string) => {
  const found = events.find((event) => event.uid === uid && (!title || event.title === title));
  if (!found) throw new Error(`no event ${uid}`);
  return found;
};

describe('readIcs: zones and times', () => {
  it('reads Google: UTC and floating times in X-WR-TIMEZONE, whole days up to the last day', () => {
    const { events, problems } = read(fixture('google-export.ics'), 'America/New_York');
    expect(problems).toEqual([]);
    expect(times(find(events, '4k2l9m8n7b6v5c4x3z2a1s0d9f@google.com'))).toEqual({
      start: '2024-06-12 19:00:00',
      end: '2024-06-12 21:00:00',
      timezone: 'Europe/Berlin',
      allDay: false,
    });
    expect(times(find(events, 'floating-sommerfest@kulturhaus-mitte.example'))).toEqual({
      start: '2024-07-01 18:00:00',
      end: '2024-07-01 20:00:00',
      timezone: 'Europe/Berlin',
      allDay: false,
    });
    expect(times(find(events, '0p9o8i7u6z5t4r3e2w1q@google.com'))).toEqual({
      start: '2024-07-20 00:00:00',
      end: '2024-07-21 23:59:59',
      timezone: 'Europe/Berlin',
      allDay: true,
    });
  });

  it('gives each event the line of its BEGIN:VEVENT', () => {
    const text = fixture('google-export.ics').toString('utf8');
    const begins = text
      .split('\r\n')
      .flatMap((line, at) => (line === 'BEGIN:VEVENT' ? [at + 1] : []));
    const lines = new Set(read(text).events.map((event) => event.line));
    expect([...lines]).toEqual(begins);
  });

  it('reads CRLF and LF, bytes and text, with or without a BOM alike', () => {
    const bytes = fixture('google-export.ics');
    const crlf = bytes.toString('utf8');
    expect(crlf).toContain('\r\n ');
    const expected = read(bytes).events;
    // Two single events, a series and its exception, an all-day event, a floating one.
    expect(expected).toHaveLength(5);
    expect(read(crlf).events).toEqual(expected);
    expect(read(crlf.replaceAll('\r\n', '\n')).events).toEqual(expected);
    expect(read(`\uFEFF${crlf}`).events).toEqual(expected);
  });

  it('maps Windows zone names of Outlook, quoted or not, to IANA zones', () => {
    const { events, problems } = read(fixture('outlook-windows-zones.ics'), 'UTC');
    expect(problems).toEqual([]);
    expect(events.map(times)).toEqual([
      {
        start: '2024-04-18 10:00:00',
        end: '2024-04-18 11:30:00',
        timezone: 'Europe/Berlin',
        allDay: false,
      },
      {
        start: '2024-11-03 00:00:00',
        end: '2024-11-03 03:00:00',
        timezone: 'America/Los_Angeles',
        allDay: false,
      },
    ]);
  });

  it('converts times of a zone only the file defines to the calendar zone', () => {
    const { events, problems } = read(fixture('exchange-custom-zone.ics'), 'Asia/Tokyo');
    expect(problems).toEqual([]);
    // 10:00 at +01:00 in January, at +02:00 in July (the VTIMEZONE's rules); 18:30 at +05:30.
    expect(events.map(({ start, end, timezone }) => [start, end, timezone])).toEqual([
      ['2024-01-15 18:00:00', '2024-01-15 20:00:00', 'Asia/Tokyo'],
      ['2024-07-15 17:00:00', '2024-07-15 19:00:00', 'Asia/Tokyo'],
      ['2024-03-01 22:00:00', '2024-03-01 23:00:00', 'Asia/Tokyo'],
    ]);
  });

  it('keeps wall clocks on DST nights and shows UTC times across a change in local time', () => {
    const berlin = read(fixture('apple-dst-nights.ics'), 'Europe/Berlin').events;
    expect(times(find(berlin, '8F3A2C1E-5B4D-4E6F-9A8B-7C6D5E4F3A2B'))).toEqual({
      start: '2024-03-31 01:30:00',
      end: '2024-03-31 03:30:00',
      timezone: 'Europe/Berlin',
      allDay: false,
    });
    expect(times(find(berlin, '1A2B3C4D-5E6F-4A8B-9C0D-1E2F3A4B5C6D'))).toMatchObject({
      start: '2024-11-03 00:00:00',
      end: '2024-11-03 03:00:00',
      timezone: 'America/New_York',
    });
    // 00:30Z is 01:30 CET, 01:30Z is 03:30 CEST.
    expect(times(find(berlin, '2B3C4D5E-6F7A-4B8C-9D0E-2F3A4B5C6D7E'))).toMatchObject({
      start: '2024-03-31 01:30:00',
      end: '2024-03-31 03:30:00',
    });
    // 05:45Z is 01:45 EDT, 06:15Z is 01:15 EST: half an hour later, not an end before the start.
    const newYork = read(fixture('apple-dst-nights.ics'), 'America/New_York');
    expect(newYork.problems).toEqual([]);
    expect(times(find(newYork.events, '3C4D5E6F-7A8B-4C9D-0E1F-3A4B5C6D7E8F'))).toEqual({
      start: '2024-11-03 01:45:00',
      end: '2024-11-03 01:15:00',
      timezone: 'America/New_York',
      allDay: false,
    });
  });

  it('reads DURATION, dates with and without an end, floating, quoted and old TZIDs', () => {
    const { events, problems } = read(fixture('thunderbird-durations.ics'), 'America/Denver');
    expect(problems).toEqual([]);
    expect(
      Object.fromEntries(events.map((event) => [event.uid?.split('@')[0], times(event)])),
    ).toEqual({
      'duration-1': {
        start: '2024-08-14 10:00:00',
        end: '2024-08-14 11:30:00',
        timezone: 'Europe/Vienna',
        allDay: false,
      },
      'date-no-end': {
        start: '2024-08-15 00:00:00',
        end: '2024-08-15 23:59:59',
        timezone: 'America/Denver',
        allDay: true,
      },
      'date-range': {
        start: '2024-08-16 00:00:00',
        end: '2024-08-18 23:59:59',
        timezone: 'America/Denver',
        allDay: true,
      },
      'date-bare': {
        start: '2024-08-20 00:00:00',
        end: '2024-08-20 23:59:59',
        timezone: 'America/Denver',
        allDay: true,
      },
      'date-duration': {
        start: '2024-09-01 00:00:00',
        end: '2024-09-02 23:59:59',
        timezone: 'America/Denver',
        allDay: true,
      },
      'datetime-no-end': {
        start: '2024-08-21 10:00:00',
        end: '2024-08-21 10:00:00',
        timezone: 'Europe/Vienna',
        allDay: false,
      },
      floating: {
        start: '2024-08-22 19:30:00',
        end: '2024-08-22 22:00:00',
        timezone: 'America/Denver',
        allDay: false,
      },
      'quoted-tzid': {
        start: '2024-08-23 20:00:00',
        end: '2024-08-23 23:00:00',
        timezone: 'America/Chicago',
        allDay: false,
      },
      'mozilla-tzid': {
        start: '2024-08-24 10:00:00',
        end: '2024-08-24 12:00:00',
        timezone: 'Europe/Vienna',
        allDay: false,
      },
      // 13:30 in New York (EDT) is 19:30 in Vienna (CEST).
      'two-zones': {
        start: '2024-08-25 10:00:00',
        end: '2024-08-25 19:30:00',
        timezone: 'Europe/Vienna',
        allDay: false,
      },
    });
  });
});
