/**
 * What an event list selects, kept until the next change (issue 18): the events a filter
 * selects change only with a write. Its pages are kept, and its total for all of them: counting
 * was most of an uncached list's time at 100k events (the 40k events of the default window,
 * 5 ms), and reading a page the most of what was left.
 * A page deeper than `DEEP` events keeps the selection's ids in order, so a crawl to the last
 * page reads no more than its first: skipping with OFFSET costs a walk past every earlier event
 * (2 ms at page 1,500 of the default window at 100k, ten times that at 1M). A search keeps
 * its selection from the first page: its count and its page each matched the words again.
 */
import type { EventFilter, EventsRepo } from '../../store/events.repo.ts';
import { perChange } from '../per-change.ts';

/** Events from which a page is read from the kept ids instead of with OFFSET. */
const DEEP = 1000;
/** Distinct filters whose totals are kept at once, and pages. */
const MAX_TOTALS = 500;
const MAX_PAGES = 5000;
/** Ids kept at once over all selections: 8 MB. */
const MAX_IDS = 2_000_000;

export type ListSelections = ReturnType<typeof createListSelections>;

export function createListSelections(
  changes: { latest(): number },
  events: Pick<EventsRepo, 'count' | 'page' | 'select'>,
) {
  const totals = perChange<number>(() => changes.latest(), MAX_TOTALS);
  const pages = perChange<number[]>(() => changes.latest(), MAX_PAGES);
  const selections = perChange<Int32Array>(
    () => changes.latest(),
    MAX_IDS,
    (ids) => ids.length + 1,
  );
  return {
    /** One page of what `filter` selects, and how many it selects in all. */
    page(filter: EventFilter, page: { limit: number; offset: number }) {
      const key = JSON.stringify(filter);
      const kept =
        selections.peek(key) ??
        (page.offset >= DEEP || filter.search
          ? selections.keep(key, events.select(filter))
          : undefined);
      if (kept) {
        const ids = kept.subarray(page.offset, page.offset + page.limit);
        return { ids: Array.from(ids), total: kept.length };
      }
      return {
        ids: pages.get(`${page.offset},${page.limit},${key}`, () => events.page(filter, page)),
        total: totals.get(key, () => events.count(filter)),
      };
    },
  };
}
