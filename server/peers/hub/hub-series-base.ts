/**
 * What an occurrence is measured against before it and the hub ever agreed on it: what its
 * series makes of its slot (shared/series `fromSeries`). Each side makes the occurrence from the
 * same series under the same uuid, so a field that differs from that here is this side's own
 * change (an exception, whatever made it: an import's RECURRENCE-ID, an edit, a drag), and one
 * that differs on the hub is the hub's. Measured against its own values instead, an exception
 * would look unchanged here, and the hub's plain occurrence would replace it.
 */
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { fromSeries } from '#shared/series/occurrences.ts';
import type { LocalRecord, LocalRecords } from '../local-records.ts';
import { flatten, type Flat } from './hub-records.ts';

/** The occurrence as its series here gives it; undefined when its series is not here. */
export function seriesBase(local: LocalRecords, occurrence: LocalRecord): Flat | undefined {
  const series = local.get('event', occurrence.parentUuid as string) as
    (LocalRecord & CalendarEvent) | undefined;
  if (!series?.recurrence) return undefined;
  return flatten('event', {
    ...occurrence,
    ...fromSeries(series, occurrence.recurrenceId as string),
  });
}
