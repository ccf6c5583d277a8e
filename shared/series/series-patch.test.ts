/**
 * An occurrence's patch as its series' patch: texts pass through, what is the occurrence's own
 * stays behind, and a move of the occurrence moves the series (its rule following the weekday).
 */
import { describe, expect, it } from 'vitest';
import { KIND } from '../kinds/registry.ts';
import type { CalendarEvent } from '../schemas/event.ts';
import { fromSeries } from './occurrences.ts';
import type { Recurrence } from './recurrence.ts';
import { seriesPatchOf } from './series-patch.ts';

const blank = KIND.event.blank('3f1c9a52-8d1e-4c0b-9a57-1d2e3f4a5b6c', new Date(0), 'UTC');
const series = {
  ...blank,
  title: { en: 'Jazz' },
  start: '2026-11-27 19:00:00',
  end: '2026-11-27 22:00:00',
  recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=FR', rdates: [], exdates: ['2026-12-25 19:00:00'] },
} satisfies CalendarEvent & { recurrence: Recurrence };
const second = { ...blank, ...fromSeries(series, '2026-12-04 19:00:00') } as CalendarEvent;

describe('seriesPatchOf', () => {
  it('passes texts and links, and leaves the occurrence’s own fields out', () => {
    expect(
      seriesPatchOf(second, series, {
        title: { en: 'Jazz late' },
        slug: { en: 'mine' },
        parentUuid: null,
        tagUuids: [],
      }),
    ).toEqual({ title: { en: 'Jazz late' }, tagUuids: [] });
  });

  it('moves the series by as much as the occurrence, keeping its rule for an hour', () => {
    expect(
      seriesPatchOf(second, series, { start: '2026-12-04 20:00:00', end: '2026-12-04 23:30:00' }),
    ).toEqual({
      start: '2026-11-27 20:00:00',
      end: '2026-11-27 23:30:00',
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=FR', rdates: [], exdates: ['2026-12-25 20:00:00'] },
    });
  });

  it('takes a weekly rule to the new weekday when the occurrence moves a day', () => {
    const patch = seriesPatchOf(second, series, {
      start: '2026-12-05 19:00:00',
      end: '2026-12-05 22:00:00',
    });
    expect(patch).toMatchObject({
      start: '2026-11-28 19:00:00',
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=SA', exdates: ['2026-12-26 19:00:00'] },
    });
  });

  it('takes every weekday of a rule along (MO,WE,FR a day later is TU,TH,SA); nth weekdays stay', () => {
    const mwf = {
      ...series,
      start: '2026-11-30 19:00:00',
      end: '2026-11-30 22:00:00',
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=9', rdates: [], exdates: [] },
    };
    const monday = { ...blank, ...fromSeries(mwf, '2026-12-07 19:00:00') } as CalendarEvent;
    const later = { start: '2026-12-08 19:00:00', end: '2026-12-08 22:00:00' };
    expect(seriesPatchOf(monday, mwf, later).recurrence?.rrule).toBe(
      'FREQ=WEEKLY;BYDAY=TU,TH,SA;COUNT=9',
    );
    const nthTuesday = {
      ...mwf,
      recurrence: { ...mwf.recurrence, rrule: 'FREQ=MONTHLY;BYDAY=2TU' },
    };
    expect(seriesPatchOf(monday, nthTuesday, later).recurrence?.rrule).toBe(
      'FREQ=MONTHLY;BYDAY=2TU',
    );
  });

  it('begins the series on the first date a new rule gives, not on the old first date', () => {
    // From the second Friday, "monthly on the 2nd Friday" for all: 27 Nov is no 2nd Friday.
    const patch = seriesPatchOf(second, series, {
      recurrence: { rrule: 'FREQ=MONTHLY;BYDAY=2FR', rdates: [], exdates: [] },
    });
    expect(patch).toMatchObject({ start: '2026-12-11 19:00:00', end: '2026-12-11 22:00:00' });
    const weekly = seriesPatchOf(second, series, {
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=3', rdates: [], exdates: [] },
    });
    expect(weekly.start).toBeUndefined();
  });
});
