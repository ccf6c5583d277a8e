import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FileEvent } from '../file-records.ts';
import { readIcs, type IcsReadOptions } from './ics-reader.ts';

const feed = readFileSync(
  new URL('../../../test/fixtures/ics/feed-recurrence.ics', import.meta.url),
);
const read = (input: string | Uint8Array, options: Partial<IcsReadOptions> = {}) =>
  readIcs(input, {
    defaultZone: 'Europe/Berlin',
    now: new Date('2024-06-01T00:00:00Z'),
    ...options,
  });
const { events, problems } = read(feed);
const series = (name: string, list: FileEvent[] = events) =>
  list.filter((event) => event.ical?.uid === `${name}@stadtbuehne.example`);
const starts = (name: string) => series(name).map((event) => event.start);

describe('readIcs: series', () => {
  it('reads the file without problems', () => expect(problems).toEqual([]));

  it('expands RRULE with COUNT; the first occurrence holds the rule, the others name it', () => {
    const [first, second] = series('series-count');
    expect(starts('series-count')).toEqual([
      '2024-01-04 18:00:00',
      '2024-01-11 18:00:00',
      '2024-01-18 18:00:00',
      '2024-01-25 18:00:00',
    ]);
    expect(first).toMatchObject({
      uid: 'series-count@stadtbuehne.example',
      line: 5,
      end: '2024-01-04 20:00:00',
    });
    expect(first?.seriesUid).toBeUndefined();
    expect(first?.ical?.recurrence).toEqual(['RRULE:FREQ=WEEKLY;COUNT=4']);
    expect(second).toMatchObject({
      uid: 'series-count@stadtbuehne.example/20240111T180000',
      seriesUid: 'series-count@stadtbuehne.example',
      line: 5,
      ical: { uid: 'series-count@stadtbuehne.example', recurrence: [] },
    });
  });

  it('ends at UNTIL in UTC, in local time and as a date, each including that last day', () => {
    // 09:00 in Berlin is 08:00Z: the file has no VTIMEZONE, the zone still counts.
    expect(starts('series-until-utc').at(-1)).toBe('2024-03-05 09:00:00');
    expect(starts('series-until-utc')).toHaveLength(5);
    expect(starts('series-until-local')).toEqual([
      '2024-06-10 18:30:00',
      '2024-06-17 18:30:00',
      '2024-06-24 18:30:00',
    ]);
    expect(starts('series-until-date')).toEqual([
      '2024-06-11 18:30:00',
      '2024-06-18 18:30:00',
      '2024-06-25 18:30:00',
    ]);
  });

  it('leaves out EXDATEs and adds RDATEs to DTSTART', () => {
    expect(starts('series-exdate')).toEqual([
      '2024-09-02 10:00:00',
      '2024-09-16 10:00:00',
      '2024-09-30 10:00:00',
    ]);
    expect(series('series-exdate')[0]?.ical?.recurrence).toEqual([
      'RRULE:FREQ=WEEKLY;COUNT=5',
      'EXDATE;TZID=Europe/Berlin:20240909T100000,20240923T100000',
    ]);
    expect(starts('series-rdate')).toEqual([
      '2024-10-05 20:00:00',
      '2024-10-12 20:00:00',
      '2024-11-02 20:00:00',
    ]);
  });

  it('replaces an occurrence by its override, moved across the end of DST (RECURRENCE-ID in UTC)', () => {
    expect(
      series('series-moved').map(({ uid, title, start, end, timezone, line }) => ({
        uid,
        title,
        start,
        end,
        timezone,
        line,
      })),
    ).toEqual([
      {
        uid: 'series-moved@stadtbuehne.example',
        title: 'Matinee (New York)',
        start: '2024-10-24 10:00:00',
        end: '2024-10-24 11:30:00',
        timezone: 'America/New_York',
        line: 54,
      },
      {
        uid: 'series-moved@stadtbuehne.example/20241031T100000',
        title: 'Matinee (New York) – moved to Monday',
        start: '2024-11-04 10:00:00',
        end: '2024-11-04 11:30:00',
        timezone: 'America/New_York',
        line: 62,
      },
      {
        uid: 'series-moved@stadtbuehne.example/20241107T100000',
        title: 'Matinee (New York)',
        start: '2024-11-07 10:00:00',
        end: '2024-11-07 11:30:00',
        timezone: 'America/New_York',
        line: 54,
      },
    ]);
    expect(series('series-moved')[1]?.ical?.sequence).toBe(1);
  });

  it('drops an occurrence whose override is cancelled', () => {
    expect(starts('series-cancelled')).toEqual(['2024-05-06 19:00:00', '2024-05-20 19:00:00']);
  });

  it('moves a whole-day occurrence', () => {
    expect(
      series('series-allday').map(({ uid, start, end, allDay }) => [uid, start, end, allDay]),
    ).toEqual([
      ['series-allday@stadtbuehne.example', '2024-07-01 00:00:00', '2024-07-01 23:59:59', true],
      [
        'series-allday@stadtbuehne.example/20240708',
        '2024-07-09 00:00:00',
        '2024-07-10 23:59:59',
        true,
      ],
      [
        'series-allday@stadtbuehne.example/20240715',
        '2024-07-15 00:00:00',
        '2024-07-15 23:59:59',
        true,
      ],
    ]);
  });

  it('expands an endless series up to now + windowYears, and at most maxOccurrences', () => {
    // Daily from 2024-01-01 to 2026-05-31: 366 + 365 + 151 days.
    expect(starts('series-endless')).toHaveLength(882);
    expect(starts('series-endless').at(-1)).toBe('2026-05-31 12:00:00');
    expect(series('series-endless', read(feed, { windowYears: 0 }).events)).toHaveLength(152);
    expect(series('series-endless', read(feed, { maxOccurrences: 10 }).events)).toHaveLength(10);
  });

  it('reads an occurrence the RRULE and an RDATE both give once', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:twice',
      'DTSTART;TZID=Europe/Berlin:20240101T100000',
      'RRULE:FREQ=DAILY;COUNT=2',
      'RDATE;TZID=Europe/Berlin:20240102T100000,20240110T100000',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\n');
    expect(read(text).events.map((event) => event.uid)).toEqual([
      'twice',
      'twice/20240102T100000',
      'twice/20240110T100000',
    ]);
  });
});
