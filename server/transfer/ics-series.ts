/**
 * Which events an ICS file writes for a selection that holds occurrences of series: each series
 * once, as its rule (where its first selected occurrence was), followed by its exceptions (the
 * occurrences edited alone, with RECURRENCE-ID at their slot, wherever they are: a windowed
 * export keeps a moved occurrence), so calendar apps get every later occurrence from the rule.
 * Occurrences in the trash become EXDATEs of their series; the rest need no VEVENT.
 */
import { ownFields } from '#shared/series/occurrences.ts';
import type { EventsRepo, StoredEvent } from '../store/events.repo.ts';
import type { IcalRepo } from '../store/ical.repo.ts';

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
  // Every series at once, and all their occurrences: a few queries whatever their number.
  const seriesOf = new Map(
    events.occurrenceSeries(ids).map(({ id, seriesId }) => [id, seriesId] as const),
  );
  const seriesIds = [...new Set(seriesOf.values())];
  const records = new Map(events.getMany(seriesIds).map((series) => [series.id, series]));
  const occurrences = new Map<number, StoredEvent[]>();
  for (const occurrence of events.getMany(events.occurrenceIdsOf(seriesIds))) {
    const siblings = occurrences.get(occurrence.parentId!) ?? [];
    siblings.push(occurrence);
    occurrences.set(occurrence.parentId!, siblings);
  }
  const kept = ical.getMany(seriesIds);
  const result: IcsSelection = { ids: [], series: new Map() };
  for (const id of ids) {
    const seriesId = seriesOf.get(id);
    if (seriesId === undefined) {
      result.ids.push(id);
      continue;
    }
    const series = records.get(seriesId);
    if (!series?.recurrence || result.series.has(seriesId)) continue;
    const trashed: string[] = [];
    const exceptions: number[] = [];
    for (const occurrence of occurrences.get(seriesId) ?? []) {
      if (occurrence.status === 'trash') trashed.push(occurrence.recurrenceId!);
      else if (ownFields(occurrence, series).length > 0) exceptions.push(occurrence.id);
    }
    const uid = kept.get(seriesId)?.uid ?? `${series.uuid}@marquee`;
    result.series.set(seriesId, { series, uid, trashed });
    result.ids.push(seriesId, ...exceptions);
  }
  return result;
}
