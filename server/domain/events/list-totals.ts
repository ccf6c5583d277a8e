/**
 * Totals of event lists, remembered until the next change: the events a filter selects change
 * only with a write, and counting them is most of an uncached list's time at 100k events (the
 * 40k events of the default window, 5 ms). Paging, and the same list asked again, read one page.
 */
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { EventFilter } from '../../store/event-list.sql.ts';

/** Distinct filters remembered at once (a crawl of changing windows must not grow it). */
const MAX_FILTERS = 500;

export type ListTotals = ReturnType<typeof createListTotals>;

export function createListTotals(changes: Pick<ChangeLog, 'latest'>) {
  let at = -1;
  const totals = new Map<string, number>();
  return {
    /** `run` lists a page, counting only when given no total. */
    list<T extends { total: number }>(filter: EventFilter, run: (total?: number) => T): T {
      if (at !== changes.latest()) {
        totals.clear();
        at = changes.latest();
      }
      // Pages of one selection share its total.
      const key = JSON.stringify({ ...filter, limit: 0, offset: 0 });
      const result = run(totals.get(key));
      if (totals.size >= MAX_FILTERS) totals.clear();
      totals.set(key, result.total);
      return result;
    },
  };
}
