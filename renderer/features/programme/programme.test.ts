import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { programmeDays, programmeRange } from './programme.ts';
import { programmeWhen } from './programme-when.ts';
import { shortDescription } from './short-description.ts';

/** Intl's thin and narrow spaces as plain ones. */
const plain = (text: string | null) => text?.replace(/\s/g, ' ');

const event = (fields: Partial<CalendarEvent>) =>
  ({ recurrence: null, allDay: false, ...fields }) as CalendarEvent;

describe('a printed programme', () => {
  it('covers whole days of the calendar’s zone', () => {
    expect(programmeRange('2027-03-01', '2027-03-31', 'Europe/Berlin')).toEqual({
      startUtc: '2027-02-28 23:00:00',
      endUtc: '2027-03-31 22:00:00',
    });
  });

  it('lists events by the day they start in the calendar’s zone, all-day ones first', () => {
    const late = event({
      uuid: 'a',
      start: '2027-03-05 23:30:00',
      startUtc: '2027-03-05 22:30:00',
    });
    const fair = event({
      uuid: 'b',
      allDay: true,
      start: '2027-03-06 00:00:00',
      startUtc: '2027-03-05 23:00:00',
    });
    const morning = event({
      uuid: 'c',
      start: '2027-03-06 10:00:00',
      startUtc: '2027-03-06 09:00:00',
    });
    const series = event({
      uuid: 'd',
      recurrence: { rrule: 'FREQ=DAILY', rdates: [], exdates: [] },
    });
    const days = programmeDays(
      [morning, late, series, fair],
      '2027-03-01',
      '2027-03-31',
      'Europe/Berlin',
    );
    expect(days.map((day) => [day.date, day.events.map((one) => one.uuid)])).toEqual([
      ['2027-03-05', ['a']],
      ['2027-03-06', ['b', 'c']],
    ]);
  });

  // Winter Craft Fair, Saturday and Sunday: printed once, under Saturday, with both dates.
  const craftFair = event({
    uuid: 'fair',
    allDay: true,
    start: '2026-12-12 00:00:00',
    end: '2026-12-13 23:59:59',
    startUtc: '2026-12-11 23:00:00',
    endUtc: '2026-12-13 22:59:59',
  });

  it('lists an event of many days once, under its first day', () => {
    const days = programmeDays([craftFair], '2026-12-01', '2026-12-31', 'Europe/Berlin');
    expect(days.map((day) => [day.date, day.events.map((one) => one.uuid)])).toEqual([
      ['2026-12-12', ['fair']],
    ]);
  });

  it('says the dates of an event of many days, in the UI language', () => {
    expect(plain(programmeWhen(craftFair, 'Europe/Berlin', 'en-GB', false))).toBe('12 – 13 Dec');
    expect(plain(programmeWhen(craftFair, 'Europe/Berlin', 'en', true))).toBe('Dec 12 – 13');
    expect(plain(programmeWhen(craftFair, 'Europe/Berlin', 'ja', false))).toBe('12/12～12/13');
    const night = event({
      start: '2026-12-12 20:00:00',
      startUtc: '2026-12-12 19:00:00',
      endUtc: '2026-12-13 09:00:00',
    });
    expect(plain(programmeWhen(night, 'Europe/Berlin', 'en-GB', false))).toBe(
      '12 Dec, 20:00 – 13 Dec, 10:00',
    );
  });

  it('says only the times of an event within one day or night, and nothing of a one-day all-day one', () => {
    const evening = event({ startUtc: '2026-12-12 19:00:00', endUtc: '2026-12-12 23:00:00' });
    expect(plain(programmeWhen(evening, 'Europe/Berlin', 'en-GB', false))).toBe('20:00–00:00');
    const lateNight = event({ startUtc: '2026-12-12 21:00:00', endUtc: '2026-12-13 01:00:00' });
    expect(plain(programmeWhen(lateNight, 'Europe/Berlin', 'en', true))).toBe('10:00 PM – 2:00 AM');
    expect(programmeWhen(lateNight, 'Europe/Berlin', 'ja', false)).toBe('22時00分～2時00分');
    const day = event({ ...craftFair, end: '2026-12-12 23:59:59' });
    expect(programmeWhen(day, 'Europe/Berlin', 'en', true)).toBeNull();
  });
});

describe('a programme’s short description', () => {
  it('is the excerpt, else the description, as plain text', () => {
    expect(shortDescription('<p>Big band &amp; <b>friends</b>.</p>', '<p>Long text</p>')).toBe(
      'Big band & friends.',
    );
    expect(shortDescription(' ', '<p>Doors at 7.</p><p>Bar&nbsp;open.</p>')).toBe(
      'Doors at 7. Bar open.',
    );
    expect(shortDescription(undefined, undefined)).toBe('');
  });

  it('is cut at a word', () => {
    const long = `<p>${'word '.repeat(60)}</p>`;
    const short = shortDescription(undefined, long);
    expect(short.length).toBeLessThanOrEqual(201);
    expect(short).toMatch(/ word…$/);
  });
});
