import { describe, expect, it } from 'vitest';
import { applyPatch } from '#shared/kinds/apply-patch.ts';
import { blankRecord } from '#shared/kinds/registry.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import type { Recurrence } from '#shared/series/recurrence.ts';
import { eventPatchOf, eventProblems, formValuesOf, ruleChanged } from './event-form.ts';
import { chooseRepeat } from './repeat-rule.ts';

const ZONE = 'Europe/Berlin';
const NO_LINKS = { venueUuid: null, organizerUuids: [], categoryUuids: [], tagUuids: [] };

/** An event on Friday 11 December 2026, 19:00–21:00. */
function friday(): CalendarEvent {
  const blank = blankRecord('event', crypto.randomUUID(), new Date(), ZONE);
  return applyPatch('event', blank, {
    title: { en: 'Jazz Night' },
    start: '2026-12-11 19:00:00',
    end: '2026-12-11 21:00:00',
    timezone: ZONE,
  }) as unknown as CalendarEvent;
}

const weekly: Recurrence = {
  rrule: 'FREQ=WEEKLY;BYDAY=FR',
  rdates: ['2026-12-23 19:00:00'],
  exdates: ['2026-12-25 19:00:00'],
};

describe('the patch of a repeating event', () => {
  it('gives a new event its rule, with no dates of an older series', () => {
    const values = formValuesOf(friday(), weekly);
    expect(eventPatchOf(undefined, values, NO_LINKS).recurrence).toEqual({
      rrule: 'FREQ=WEEKLY;BYDAY=FR',
      rdates: [],
      exdates: [],
    });
    expect(eventPatchOf(undefined, formValuesOf(friday()), NO_LINKS)).not.toHaveProperty(
      'recurrence',
    );
  });

  it('leaves the rule out when only an occurrence moved', () => {
    const before = formValuesOf(friday(), weekly);
    const moved = { ...before, startDate: '2026-12-12', endDate: '2026-12-12' };
    expect(eventPatchOf(before, moved, NO_LINKS, NO_LINKS)).not.toHaveProperty('recurrence');
    expect(ruleChanged(before, moved)).toBe(false);
  });

  it('sends a new rule with the series’ own dates, and null for no rule', () => {
    const before = formValuesOf(friday(), weekly);
    const daily = { ...before, repeat: chooseRepeat(before.repeat, 'daily', '2026-12-11') };
    expect(ruleChanged(before, daily)).toBe(true);
    expect(eventPatchOf(before, daily, NO_LINKS, NO_LINKS).recurrence).toEqual({
      ...weekly,
      rrule: 'FREQ=DAILY',
    });
    const none = { ...before, repeat: chooseRepeat(before.repeat, 'none', '2026-12-11') };
    expect(eventPatchOf(before, none, NO_LINKS, NO_LINKS).recurrence).toBeNull();
  });

  it('stops the save on a rule the shared check refuses', () => {
    const values = formValuesOf(friday(), weekly);
    const custom = chooseRepeat(values.repeat, 'custom', '2026-12-11');
    expect(
      eventProblems({ ...values, repeat: { ...custom, interval: '0' } }, undefined),
    ).toHaveProperty('repeat');
    expect(eventProblems(values, undefined)).not.toHaveProperty('repeat');
  });
});
