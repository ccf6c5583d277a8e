/**
 * The ordered ids of the venue, organizer, category and tag lists, kept per filter until the
 * next change: each page is then a slice of them, whatever its number, and the total their
 * length. Counting and skipping again at every request made a deep page cost more than the
 * first (docs/decisions.md, "Any page of a list costs what its first does"). These lists are
 * thousands of records at most, so every id of a filter is cheap to keep, unlike events'.
 */
import type { ChangeLog } from '../../store/change-log.repo.ts';
import { perChange } from '../per-change.ts';

/** Ids kept at once over all lists: 2 MB. */
const MAX_IDS = 500_000;

export function createKeptLists(changes: Pick<ChangeLog, 'latest'>, maxIds = MAX_IDS) {
  const lists = perChange<readonly number[]>(
    () => changes.latest(),
    maxIds,
    (ids) => ids.length + 1,
  );
  return {
    /** One page of the ids `select` gives in order for `key`, and how many it gives in all. */
    page(
      key: string,
      select: () => number[],
      page: { limit: number; offset: number },
    ): { ids: number[]; total: number } {
      const ids = lists.get(key, select);
      return { ids: ids.slice(page.offset, page.offset + page.limit), total: ids.length };
    },
  };
}
