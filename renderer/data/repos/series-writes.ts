/**
 * Local event writes with what follows from them, as the server's events service and
 * series-writes.ts will do when the mutation arrives: a series' occurrences follow it, and a
 * write to an occurrence with a scope (following, all) changes its series. Each returns the
 * record the mutation is for as it is now (undefined when it is gone); the other records it
 * changes are written as derived (series-follow.ts).
 */
import type { EventPatch } from '#shared/kinds/registry.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { changedOwnFields, type Scope } from '#shared/series/occurrences.ts';
import { fullSlot, slotEnd, splitRecurrence } from '#shared/series/recurrence.ts';
import { occurrenceMove, seriesPatchOf } from '#shared/series/series-patch.ts';
import {
  followSeries,
  occurrencesOf,
  patchedEvent,
  putDerived,
  seriesOf,
  type LocalWrite,
  type Series,
} from './series-follow.ts';

/** What a "following" edit shown before the server answers leaves out: rule and identity. */
const NOT_FOLLOWING = ['recurrence', 'recurrenceId', 'parentUuid', 'slug'] as const;
const TIMES = ['start', 'end', 'timezone', 'allDay'] as const;

/**
 * The part of a patch the edited occurrence of a "following" edit shows (see below), times
 * included; the later ones show it without times, moved by as much instead (followingTimes).
 */
export function followingPatch(patch: EventPatch): EventPatch {
  const shown: EventPatch = { ...patch };
  for (const field of NOT_FOLLOWING) delete shown[field];
  return shown;
}

/**
 * The times a "following" edit gives a later occurrence: as the new series will give its slot,
 * moved as seriesPatchOf moves the series (the edited occurrence's shift, new length, zone and
 * all-day). Undefined when the patch has no times.
 */
function followingTimes(
  edited: CalendarEvent,
  patch: EventPatch,
): ((occurrence: CalendarEvent) => EventPatch) | undefined {
  const move = occurrenceMove(edited, patch);
  if (!move) return undefined;
  const { shift, length, timezone, allDay } = move;
  return (occurrence) => {
    const start = slotEnd(fullSlot(occurrence.recurrenceId!, occurrence.start), shift);
    return { start, end: slotEnd(start, length), timezone, allDay };
  };
}

/** A new event; a series gets its occurrences. */
export async function createEvent(write: LocalWrite, event: CalendarEvent): Promise<CalendarEvent> {
  const next = patchedEvent(event, {});
  await write.db.events.put(next);
  if (next.recurrence) await followSeries(write, next, undefined);
  return next;
}

/** An event after a patch; when it is or was a series, its occurrences follow. */
async function saveFollowing(
  write: LocalWrite,
  event: CalendarEvent,
  patch: EventPatch,
): Promise<CalendarEvent> {
  const next = patchedEvent(event, patch);
  await write.db.events.put(next);
  if (next.recurrence || event.recurrence)
    await followSeries(write, next, event, changedOwnFields(event, next));
  return next;
}

/** A series after a patch that another record's mutation makes; its occurrences follow. */
async function patchSeries(write: LocalWrite, series: Series, patch: EventPatch): Promise<void> {
  const next = patchedEvent(series, patch);
  await putDerived(write, series, next);
  await followSeries(write, next, series, changedOwnFields(series, next));
}

/**
 * An event after a patch with a scope. `all` (and `following` from the first occurrence) is
 * the series' patch (the shared seriesPatchOf) and the occurrences re-planned, as the server
 * will. `following` from a later occurrence: the server cuts the series there and gives this
 * occurrence and the later ones to a new series whose uuid it chooses, so the replica cannot
 * make that series; until the pull brings it, this occurrence shows the patch, times included,
 * and the later ones its other fields, moved by as much as this one (its new length too); the
 * pull replaces them all (with the new series' rule, which may give other dates).
 */
export async function updateEvent(
  write: LocalWrite,
  event: CalendarEvent,
  patch: EventPatch,
  scope: Scope = 'this',
): Promise<CalendarEvent | undefined> {
  const series = scope === 'this' || event.recurrence ? undefined : await seriesOf(write.db, event);
  if (!series) return saveFollowing(write, event, patch);
  if (scope === 'all' || event.recurrenceId! <= series.start) {
    await patchSeries(write, series, seriesPatchOf(event, series, patch));
    return write.db.events.get(event.uuid);
  }
  const own = followingPatch(patch);
  const later: EventPatch = { ...own };
  for (const field of TIMES) delete later[field];
  const times = followingTimes(event, patch);
  for (const occurrence of await occurrencesOf(write.db, series.uuid))
    if (occurrence.recurrenceId! > event.recurrenceId!)
      await putDerived(
        write,
        occurrence,
        patchedEvent(occurrence, { ...later, ...times?.(occurrence) }),
      );
  return patchedEvent(event, own);
}

/**
 * An event deleted for good, with what goes with it on the server: a series (or `all` from an
 * occurrence, or `following` from its first) takes every occurrence; `following` from a later
 * one ends the series before it; an occurrence deleted alone becomes an EXDATE of its series.
 */
export async function destroyEvent(
  write: LocalWrite,
  event: CalendarEvent,
  scope: Scope = 'this',
): Promise<void> {
  const { db } = write;
  const series = event.recurrence || scope !== 'this' ? await seriesOf(db, event) : undefined;
  if (series && (scope === 'all' || series === event || event.recurrenceId! <= series.start)) {
    await followSeries(write, undefined, series);
    if (series !== event) await putDerived(write, series, undefined);
  } else if (series) {
    const { before } = splitRecurrence(series, event.recurrenceId!);
    await patchSeries(write, series, { recurrence: before });
  } else {
    const parent = event.recurrenceId ? await seriesOf(db, event) : undefined;
    if (parent) {
      // Saved as the server saves it: the slot added, not normalized again.
      const { recurrence } = parent;
      const exdates = [...recurrence.exdates, event.recurrenceId!];
      await putDerived(write, parent, { ...parent, recurrence: { ...recurrence, exdates } });
    }
  }
  await db.events.delete(event.uuid);
}
