import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { clashingWith, currentClashes } from './clash-list.ts';

const HALL = '00000000-0000-4000-8000-000000000001';
const ROOM = '00000000-0000-4000-8000-000000000002';

/** An event at a venue, its times given in UTC (the calendar's zone here is UTC too). */
const event = (uuid: string, start: string, end: string, fields: Partial<CalendarEvent> = {}) =>
  ({
    uuid,
    recurrence: null,
    allDay: false,
    status: 'publish',
    venueUuid: HALL,
    start,
    end,
    startUtc: start,
    endUtc: end,
    ...fields,
  }) as CalendarEvent;

const count = { holds: true, zone: 'UTC' };
const ms = (utc: string) => Date.parse(`${utc.replace(' ', 'T')}Z`);
const NOW = ms('2027-05-12 12:00:00');

describe("the clashes view's list", () => {
  it('names each pair once with the time both hold the venue, buffers included', () => {
    const choir = event('a', '2027-05-12 19:00:00', '2027-05-12 21:00:00');
    const quiz = event('b', '2027-05-12 21:15:00', '2027-05-12 23:00:00');
    const clashes = currentClashes([quiz, choir], [{ uuid: HALL, bufferAfter: 30 }], count, NOW);
    expect(clashes).toEqual([
      {
        venueUuid: HALL,
        first: choir,
        second: quiz,
        from: ms('2027-05-12 21:15:00'),
        to: ms('2027-05-12 21:30:00'),
      },
    ]);
  });

  it('leaves out clashes that are over, venues whose rule is off, and other venues', () => {
    const events = [
      event('a', '2027-05-11 10:00:00', '2027-05-11 12:00:00'),
      event('b', '2027-05-11 11:00:00', '2027-05-11 13:00:00'),
      event('c', '2027-05-13 10:00:00', '2027-05-13 12:00:00', { venueUuid: ROOM }),
      event('d', '2027-05-13 11:00:00', '2027-05-13 13:00:00', { venueUuid: ROOM }),
      event('e', '2027-05-13 11:00:00', '2027-05-13 13:00:00'),
    ];
    expect(
      currentClashes(events, [{ uuid: HALL }, { uuid: ROOM, booking: 'off' }], count, NOW),
    ).toEqual([]);
    // One still going at noon is current.
    const going = [
      event('f', '2027-05-12 11:00:00', '2027-05-12 13:00:00'),
      event('g', '2027-05-12 11:30:00', '2027-05-12 12:30:00'),
    ];
    expect(currentClashes(going, [{ uuid: HALL }], count, NOW)).toHaveLength(1);
  });

  it('counts a draft as a hold only when the calendar says drafts hold their room', () => {
    const events = [
      event('a', '2027-05-13 10:00:00', '2027-05-13 12:00:00'),
      event('b', '2027-05-13 11:00:00', '2027-05-13 13:00:00', { status: 'draft' }),
    ];
    expect(currentClashes(events, [{ uuid: HALL }], count, NOW)).toHaveLength(1);
    expect(currentClashes(events, [{ uuid: HALL }], { ...count, holds: false }, NOW)).toEqual([]);
  });

  it("looks at a series' occurrences, not at the series' own row", () => {
    const events = [
      event('a', '2027-05-13 10:00:00', '2027-05-13 12:00:00', {
        recurrence: { rrule: 'FREQ=DAILY', rdates: [], exdates: [] },
      }),
      event('b', '2027-05-13 11:00:00', '2027-05-13 13:00:00'),
    ];
    expect(currentClashes(events, [{ uuid: HALL }], count, NOW)).toEqual([]);
  });
});

describe("a printed programme's clash marks", () => {
  it('names, for each event that clashes, every event it clashes with, past or not', () => {
    const a = event('a', '2020-05-13 10:00:00', '2020-05-13 12:00:00');
    const b = event('b', '2020-05-13 11:00:00', '2020-05-13 13:00:00');
    const c = event('c', '2020-05-13 11:30:00', '2020-05-13 12:30:00');
    const d = event('d', '2020-05-13 14:00:00', '2020-05-13 15:00:00');
    const marks = clashingWith([a, b, c, d], [{ uuid: HALL }], count);
    expect(
      Object.fromEntries([...marks].map(([uuid, others]) => [uuid, others.map((o) => o.uuid)])),
    ).toEqual({ a: ['b', 'c'], b: ['a', 'c'], c: ['a', 'b'] });
  });
});
