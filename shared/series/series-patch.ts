/**
 * What a write to an occurrence means for its series when it is not for this occurrence alone
 * (`scope`: following, all), as desktop calendars ask it: the occurrence's patch becomes the
 * series' patch. Texts, links and flags go as they are; a move of the occurrence moves the
 * series by as much (its rule following a move to another weekday or day of the month), and
 * its new length becomes the series'. Pure: the server stores the result, the replica shows it
 * before the server answers (an offline edit of "all").
 */
import { applyPatch } from '../kinds/apply-patch.ts';
import type { EventPatch } from '../kinds/registry.ts';
import type { CalendarEvent } from '../schemas/event.ts';
import { firstRuleSlot, slotEnd, wallDuration, type Recurrence } from './recurrence.ts';
import { ruleMoved } from './rule-edits.ts';

const TIMES = ['start', 'end', 'timezone', 'allDay'] as const;

/** How a patch moves an occurrence: by a wall-clock shift, to a length, zone and all-day. */
type OccurrenceMove = { shift: number; length: number; timezone: string; allDay: boolean };

/** The move a patch makes of an occurrence, or undefined when it sets no time. */
export function occurrenceMove(
  occurrence: CalendarEvent,
  patch: EventPatch,
): OccurrenceMove | undefined {
  if (!TIMES.some((field) => patch[field] !== undefined)) return undefined;
  const moved = applyPatch('event', occurrence, {
    start: patch.start,
    end: patch.end,
    timezone: patch.timezone,
    allDay: patch.allDay,
  });
  return {
    shift: wallDuration(occurrence.start, moved.start),
    length: wallDuration(moved.start, moved.end),
    timezone: moved.timezone,
    allDay: moved.allDay,
  };
}

/**
 * The series' patch for an occurrence's patch: `series` with `start` the series' (or the new
 * part's) first slot and `recurrence` its rule.
 */
export function seriesPatchOf(
  occurrence: CalendarEvent,
  series: CalendarEvent & { recurrence: Recurrence },
  patch: EventPatch,
): EventPatch {
  const result: EventPatch = { ...patch };
  // What is the occurrence's own: its series, slot and times (moved below), its slug.
  for (const field of ['parentUuid', 'recurrenceId', 'start', 'end', 'slug'] as const)
    delete result[field];
  const move = occurrenceMove(occurrence, patch);
  if (move) {
    const { shift } = move;
    const start = slotEnd(series.start, shift);
    result.start = start;
    result.end = slotEnd(start, move.length);
    if (patch.recurrence === undefined) {
      // Removed and extra dates move with their slots.
      const { rrule, rdates, exdates } = series.recurrence;
      const moveAll = (slots: string[]) => slots.map((slot) => slotEnd(slot, shift));
      result.recurrence = {
        rrule: ruleMoved(rrule, series.start, start),
        rdates: moveAll(rdates),
        exdates: moveAll(exdates),
      };
    }
  }
  if (patch.recurrence) {
    // A new rule chosen from a later occurrence: the series begins on the first date it gives,
    // not on a date of the old rule left behind as a stray first occurrence.
    const start = result.start ?? series.start;
    const end = result.end ?? series.end;
    const timezone = patch.timezone ?? series.timezone;
    const allDay = patch.allDay ?? series.allDay;
    const first = firstRuleSlot({ start, timezone, allDay, recurrence: patch.recurrence });
    if (first && first !== start) {
      result.start = first;
      result.end = slotEnd(first, wallDuration(start, end));
    }
  }
  return result;
}
