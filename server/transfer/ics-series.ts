/**
 * Which events an ICS file writes for a selection that holds occurrences of series: each series
 * once, as its rule (where its first selected occurrence was), followed by its exceptions (the
 * occurrences edited alone, with RECURRENCE-ID at their slot, wherever they are: a windowed
 * export keeps a moved occurrence), so calendar apps get every later occurrence from the rule.
 * Occurrences in the trash become EXDATEs of their series; the rest need no VEVENT.
 */
import { ownFields } from '#shared/series/occurrences.ts';
import type { EventsRepo, StoredEvent } from '../store/events.repo.ts';
import type { IcalRepo } from './ical.repo.ts';

export type IcsSeries = {
  series: StoredEvent;
  /** The series' UID in the file: the one it was imported with, or its own. */
  uid: string;
  /** Slots of occurrences in the trash, removed from the series in the file. */
  trashed: string[];
};

export type IcsSelection = {
  /** The events to write, in order: single events, series, their exceptions. */
  ids: number[];
  /** The series written, by id. */
  series: Map<number, IcsSeries>;
};

export function icsSelection(
  ids: readonly number[],
  events: EventsRepo,
  ical: IcalRepo,
): IcsSelection {
  const result: IcsSelection = { ids: [], series: new Map() };
  const seriesOf = new Map(
    events.occurrenceSeries(ids).map(({ id, seriesId }) => [id, seriesId] as const),
  );
  for (const id of ids) {
    const seriesId = seriesOf.get(id);
    if (seriesId === undefined) {
      result.ids.push(id);
      continue;
    }
    if (result.series.has(seriesId)) continue;
    const series = events.get(seriesId);
    if (!series?.recurrence) continue;
    const occurrences = events.getMany(events.childIds(seriesId));
    const trashed: string[] = [];
    const exceptions: number[] = [];
    for (const occurrence of occurrences) {
      if (!occurrence.recurrenceId) continue;
      if (occurrence.status === 'trash') trashed.push(occurrence.recurrenceId);
      else if (ownFields(occurrence, series).length > 0) exceptions.push(occurrence.id);
    }
    const uid = ical.getMany([seriesId]).get(seriesId)?.uid ?? `${series.uuid}@marquee`;
    result.series.set(seriesId, { series, uid, trashed });
    result.ids.push(seriesId, ...exceptions);
  }
  return result;
}
