/**
 * A series' dates that double-book its venue, found before Save: which of a year of weekly
 * dates clash, buffers counted, the series' own stored dates and its own overlaps left out.
 */
import { describe, expect, it } from 'vitest';
import { expandSlots } from '#shared/series/recurrence.ts';
import { eventTimesIn } from '#shared/time/datetime.ts';
import { seriesClashes, type FormSeries } from './series-clashes.ts';

const zone = 'Europe/Berlin';
const count = { holds: true, zone };
const warn = { bufferBefore: 0, bufferAfter: 0, booking: 'warn' as const };

const booked = (id: string, start: string, end: string, parentUuid: string | null = null) => ({
  id,
  parentUuid,
  ...eventTimesIn(start, end, zone, false),
  allDay: false,
  status: 'publish' as const,
});

/** A weekly series on Wednesdays 19:00–21:00 for a year (52 dates). */
function weekly(uuid: string | null = null): FormSeries {
  const start = '2027-01-06 19:00:00';
  const series = { start, timezone: zone, allDay: false };
  const slots = expandSlots(
    { ...series, recurrence: { rrule: 'FREQ=WEEKLY;COUNT=52', rdates: [], exdates: [] } },
    '2029-01-01 00:00:00',
    1000,
  );
  return { ...series, slots, end: '2027-01-06 21:00:00', status: 'publish', uuid };
}

describe('a weekly series of a year', () => {
  it('names the three dates that clash, each with what it clashes with', () => {
    const others = [
      booked('choir', '2027-02-03 20:00:00', '2027-02-03 22:00:00'),
      booked('film', '2027-06-16 18:00:00', '2027-06-16 19:30:00'),
      booked('quiz', '2027-11-10 20:59:00', '2027-11-10 23:00:00'),
      // The day before, and just after: no clash.
      booked('talk', '2027-02-02 19:00:00', '2027-02-02 21:00:00'),
      booked('late', '2027-03-03 21:00:00', '2027-03-03 23:00:00'),
    ];
    const clashes = seriesClashes(weekly(), others, warn, count);
    expect(weekly().slots).toHaveLength(52);
    expect(clashes.map((clash) => [clash.slot.start, clash.with.map((other) => other.id)])).toEqual(
      [
        ['2027-02-03 19:00:00', ['choir']],
        ['2027-06-16 19:00:00', ['film']],
        ['2027-11-10 19:00:00', ['quiz']],
      ],
    );
  });

  it('counts the venue’s buffers', () => {
    const others = [booked('late', '2027-03-03 21:00:00', '2027-03-03 23:00:00')];
    const buffered = { ...warn, bufferAfter: 30 };
    expect(seriesClashes(weekly(), others, buffered, count)).toHaveLength(1);
  });

  it('leaves out the series’ own stored dates, which saving remakes', () => {
    const own = booked('own', '2027-01-13 19:00:00', '2027-01-13 21:00:00', 'series-1');
    expect(seriesClashes(weekly('series-1'), [own], warn, count)).toEqual([]);
    expect(seriesClashes(weekly(), [own], warn, count)).toHaveLength(1);
  });

  it('reads its dates in their zone across a change of clocks', () => {
    // 28 March 2027: Berlin goes to summer time; 19:00 local is then 17:00 UTC.
    const others = [booked('spring', '2027-03-31 20:00:00', '2027-03-31 20:30:00')];
    const [clash] = seriesClashes(weekly(), others, warn, count);
    expect(clash?.slot.startUtc).toBe('2027-03-31 17:00:00');
  });
});
