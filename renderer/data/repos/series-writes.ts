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
import { splitRecurrence } from '#shared/series/recurrence.ts';
import { seriesPatchOf } from '#shared/series/series-patch.ts';
import {
  followSeries,
  occurrencesOf,
  patchedEvent,
  putDerived,
  seriesOf,
  type LocalWrite,
  type Series,
} from './series-follow.ts';

/** What an occurrence keeps to itself in a "following" edit shown before the server answers. */
const NOT_FOLLOWING = [
  'start',
  'end',
  'timezone',
  'allDay',
  'recurrence',
  'recurrenceId',
  'parentUuid',
  'slug',
] as const;

/** The part of a patch shown on the later occurrences of a "following" edit (see below). */
export function followingPatch(patch: EventPatch): EventPatch {
  const shown: EventPatch = { ...patch };
  for (const field of NOT_FOLLOWING) delete shown[field];
  return shown;
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
 * make that series; until the pull brings it, they show the patch's fields other than times and
 * identity (a move would need the new series' rule), and the pull replaces them all.
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
  const shown = followingPatch(patch);
  for (const occurrence of await occurrencesOf(write.db, series.uuid))
    if (occurrence.recurrenceId! >= event.recurrenceId!)
      await putDerived(write, occurrence, patchedEvent(occurrence, shown));
  return write.db.events.get(event.uuid);
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
