import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expandSlots } from '#shared/series/recurrence.ts';
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

/**
 * The starts a read series gives, as the server stores them: its slots up to the reader's
 * horizon (two years from now), each exception's start in place of its slot.
 */
function starts(name: string, list: FileEvent[] = events): string[] {
  const [first, ...exceptions] = series(name, list);
  if (!first?.recurrence) return series(name, list).map((event) => event.start);
  const moved = new Map(exceptions.map((event) => [event.recurrenceId, event.start]));
  return expandSlots({ ...first, recurrence: first.recurrence }, '2026-06-01 02:00:00', 1000)
    .map((slot) => moved.get(slot) ?? slot)
    .sort();
}

describe('readIcs: series', () => {
  it('reads the file without problems', () => expect(problems).toEqual([]));

  it('reads an RRULE as a series: one event with the rule, in the zone of its start', () => {
    expect(starts('series-count')).toEqual([
      '2024-01-04 18:00:00',
      '2024-01-11 18:00:00',
      '2024-01-18 18:00:00',
      '2024-01-25 18:00:00',
    ]);
    expect(series('series-count')).toMatchObject([
      {
        uid: 'series-count@stadtbuehne.example',
        line: 5,
        start: '2024-01-04 18:00:00',
        end: '2024-01-04 20:00:00',
        timezone: 'Europe/Berlin',
        recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4', rdates: [], exdates: [] },
        ical: { recurrence: [] },
      },
    ]);
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
    expect(series('series-exdate')[0]?.recurrence).toEqual({
      rrule: 'FREQ=WEEKLY;COUNT=5',
      rdates: [],
      exdates: ['2024-09-09 10:00:00', '2024-09-23 10:00:00'],
    });
    expect(starts('series-rdate')).toEqual([
      '2024-10-05 20:00:00',
      '2024-10-12 20:00:00',
      '2024-11-02 20:00:00',
    ]);
  });

  it('reads an override as the exception at its slot, moved across the end of DST (RECURRENCE-ID in UTC)', () => {
    expect(
      series('series-moved').map(({ uid, title, start, end, timezone, line, recurrenceId }) => ({
        uid,
        title,
        start,
        end,
        timezone,
        line,
        recurrenceId,
      })),
    ).toEqual([
      {
        uid: 'series-moved@stadtbuehne.example',
        title: 'Matinee (New York)',
        start: '2024-10-24 10:00:00',
        end: '2024-10-24 11:30:00',
        timezone: 'America/New_York',
        line: 54,
        recurrenceId: undefined,
      },
      {
        uid: 'series-moved@stadtbuehne.example/20241031T140000Z',
        title: 'Matinee (New York) – moved to Monday',
        start: '2024-11-04 10:00:00',
        end: '2024-11-04 11:30:00',
        timezone: 'America/New_York',
        line: 62,
        recurrenceId: '2024-10-31 10:00:00',
      },
    ]);
    expect(series('series-moved')[1]).toMatchObject({
      seriesUid: 'series-moved@stadtbuehne.example',
      ical: { sequence: 1 },
    });
    expect(starts('series-moved')).toEqual([
      '2024-10-24 10:00:00',
      '2024-11-04 10:00:00',
      '2024-11-07 10:00:00',
    ]);
  });

  it('drops an occurrence whose override is cancelled', () => {
    expect(starts('series-cancelled')).toEqual(['2024-05-06 19:00:00', '2024-05-20 19:00:00']);
    expect(series('series-cancelled')).toHaveLength(1);
    expect(series('series-cancelled')[0]?.recurrence?.exdates).toEqual(['2024-05-13 19:00:00']);
  });

  it('moves a whole-day occurrence', () => {
    expect(
      series('series-allday').map(({ start, end, allDay, recurrenceId }) => [
        start,
        end,
        allDay,
        recurrenceId,
      ]),
    ).toEqual([
      ['2024-07-01 00:00:00', '2024-07-01 23:59:59', true, undefined],
      ['2024-07-09 00:00:00', '2024-07-10 23:59:59', true, '2024-07-08 00:00:00'],
    ]);
    expect(starts('series-allday')).toEqual([
      '2024-07-01 00:00:00',
      '2024-07-09 00:00:00',
      '2024-07-15 00:00:00',
    ]);
  });

  it('reads an endless series up to the horizon as a series, however long ago it began', () => {
    // Daily from 2024-01-01 to 2026-05-31: 366 + 365 + 151 days.
    expect(starts('series-endless')).toHaveLength(882);
    expect(starts('series-endless').at(-1)).toBe('2026-05-31 12:00:00');
    expect(series('series-endless')).toHaveLength(1);
    // Past the 1,000 occurrences a series is given: still a series, and the import says how
    // many older ones it does not make.
    const later = read(feed, { now: new Date('2026-11-01T00:00:00Z') });
    expect(series('series-endless', later.events)).toHaveLength(1);
    expect(later.notes).toContainEqual(
      expect.objectContaining({
        key: 'olderOccurrences',
        params: { count: 766, from: '2026-02-05' },
      }),
    );
  });

  it('reads a rule a series cannot hold (hourly) as events of their own', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:tour',
      'DTSTART;TZID=Europe/Berlin:20240101T100000',
      'RRULE:FREQ=HOURLY;COUNT=3',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\n');
    expect(read(text).events.map((event) => [event.uid, event.start, event.recurrence])).toEqual([
      ['tour', '2024-01-01 10:00:00', undefined],
      ['tour/20240101T110000', '2024-01-01 11:00:00', undefined],
      ['tour/20240101T120000', '2024-01-01 12:00:00', undefined],
    ]);
  });

  it('gives an occurrence the RRULE and an RDATE both give once', () => {
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
    const [twice] = read(text).events;
    expect(twice?.recurrence?.rdates).toEqual(['2024-01-02 10:00:00', '2024-01-10 10:00:00']);
    expect(
      expandSlots({ ...twice!, recurrence: twice!.recurrence! }, '2026-01-01 00:00:00', 10),
    ).toEqual(['2024-01-01 10:00:00', '2024-01-02 10:00:00', '2024-01-10 10:00:00']);
  });

  it('reads two times on one date (an RDATE matinee) as events of their own', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:play',
      'DTSTART;TZID=Europe/Berlin:20240106T193000',
      'RRULE:FREQ=WEEKLY;COUNT=3',
      'RDATE;TZID=Europe/Berlin:20240113T150000',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\n');
    const twiceADay = read(text);
    expect(twiceADay.problems).toEqual([]);
    expect(twiceADay.events.map((event) => [event.start, event.recurrence])).toEqual([
      ['2024-01-06 19:30:00', undefined],
      ['2024-01-13 15:00:00', undefined],
      ['2024-01-13 19:30:00', undefined],
      ['2024-01-20 19:30:00', undefined],
    ]);
  });

  it('keeps a series begun in UTC at its first wall time; its summer EXDATE and override name their date', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:utc-series',
      'DTSTART:20240105T180000Z',
      'DTEND:20240105T200000Z',
      'RRULE:FREQ=WEEKLY;COUNT=30',
      'EXDATE:20240705T180000Z',
      'SUMMARY:Open stage',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:utc-series',
      'RECURRENCE-ID:20240712T180000Z',
      'DTSTART:20240712T190000Z',
      'DTEND:20240712T210000Z',
      'SUMMARY:Open stage: late',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\n');
    const [utc, exception] = read(text).events;
    expect(utc).toMatchObject({
      start: '2024-01-05 19:00:00',
      timezone: 'Europe/Berlin',
      recurrence: { rdates: [], exdates: ['2024-07-05 19:00:00'] },
    });
    expect(exception).toMatchObject({
      recurrenceId: '2024-07-12 19:00:00',
      start: '2024-07-12 21:00:00',
    });
    expect(read(text).events).toHaveLength(2);
  });
});
