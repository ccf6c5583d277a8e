/**
 * A `wp/v2` list's pages come from one selection per filter and change: a page after the first
 * runs no statement; time passing drops the events that ended, as a new selection would, and
 * says when the next one ends; a change, a clock set back and a search select again. Over a
 * real store seeded as the bench seeds one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCalendar } from '../../../scripts/bench/seed.ts';
import { createChangeLog } from '../../store/change-log.repo.ts';
import { openStore, type Store } from '../../store/open-store.ts';
import { selectWpPosts, type WpPostFilter } from '../../store/wp-post-list.sql.ts';
import { createWpPostSelections } from './wp-post-selections.ts';

let dir: string;
let store: Store;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-wp-selections-'));
  store = openStore(dir, { lock: false });
  seedCalendar(store, { events: 300, venues: 40, organizers: 30, categories: 25, tags: 35 });
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const PER_PAGE = 7;

/** Every page of the filter through `page`, joined, and the totals each page gave. */
function allPages(
  page: (
    filter: WpPostFilter,
    page: { limit: number; offset: number },
  ) => {
    ids: number[];
    total: number;
  },
  filter: WpPostFilter,
) {
  const ids: number[] = [];
  const totals = new Set<number>();
  for (let offset = 0; ; offset += PER_PAGE) {
    const one = page(filter, { limit: PER_PAGE, offset });
    totals.add(one.total);
    ids.push(...one.ids);
    if (one.ids.length < PER_PAGE) break;
  }
  return { ids, totals: [...totals] };
}

const EVENTS: WpPostFilter = {
  kind: 'event',
  statuses: ['publish', 'draft'],
  languages: ['de', 'en'],
  endedBefore: '2026-06-01 00:00:00',
  orderBy: 'date',
  descending: true,
};

const pagesOf =
  (selections: ReturnType<typeof createWpPostSelections>) =>
  (filter: WpPostFilter, page: { limit: number; offset: number }) =>
    selections.page(filter, page);

/** Every page of a selection made now, read the way the list reads its kept one. */
const fresh = (filter: WpPostFilter) => {
  const { ids } = selectWpPosts(store.db, filter);
  const page = (_filter: WpPostFilter, { limit, offset }: { limit: number; offset: number }) => ({
    ids: Array.from(ids.subarray(offset, offset + limit)),
    total: ids.length,
  });
  return allPages(page, filter);
};

describe('a wp/v2 list from its kept selection', () => {
  it('reads a later page with no statement, and selects again after a change', () => {
    const changes = createChangeLog(store.db);
    const selections = createWpPostSelections(store.db, changes);
    const statements = () => store.db.statementCount();
    const page = (offset: number) => selections.page(EVENTS, { limit: PER_PAGE, offset });
    let before = statements();
    const first = page(0);
    expect(statements() - before).toBeGreaterThan(0);
    before = statements();
    const deep = page(10 * PER_PAGE);
    expect(statements() - before).toBe(0);
    expect(deep.total).toBe(first.total);
    expect(deep.ids).toEqual(fresh(EVENTS).ids.slice(10 * PER_PAGE, 11 * PER_PAGE));

    const [moved] = deep.ids;
    changes.write(() =>
      store.db
        .prepare(`UPDATE posts SET date_utc = '2000-01-01 00:00:00' WHERE id = ?`)
        .run(moved!),
    );
    before = statements();
    const after = page(10 * PER_PAGE);
    expect(statements() - before).toBeGreaterThan(0);
    expect(after.ids).not.toContain(moved);
    expect(allPages(pagesOf(selections), EVENTS)).toEqual(fresh(EVENTS));
  });

  it('drops the events that ended since, as a new selection would, without a statement', () => {
    const selections = createWpPostSelections(store.db, createChangeLog(store.db));
    const at = (endedBefore: string) => ({ ...EVENTS, endedBefore });
    const early = allPages(pagesOf(selections), at('2026-01-01 00:00:00'));
    const times = ['2026-01-01 00:00:01', '2026-03-14 12:30:00', '2027-02-01 09:00:00'];
    const before = store.db.statementCount();
    const kept = times.map((later) => allPages(pagesOf(selections), at(later)));
    expect(store.db.statementCount() - before).toBe(0);
    times.forEach((later, index) => expect(kept[index]).toEqual(fresh(at(later))));
    expect(kept.at(-1)!.ids.length).toBeLessThan(early.ids.length);
  });

  it('selects again when the clock is set back', () => {
    const selections = createWpPostSelections(store.db, createChangeLog(store.db));
    const at = (endedBefore: string) => ({ ...EVENTS, endedBefore });
    const later = allPages(pagesOf(selections), at('2027-01-01 00:00:00'));
    const earlier = allPages(pagesOf(selections), at('2026-01-01 00:00:00'));
    expect(earlier.ids.length).toBeGreaterThan(later.ids.length);
    expect(earlier).toEqual(fresh(at('2026-01-01 00:00:00')));
  });

  it('says until when a page stays so: one second past the next end', () => {
    const selections = createWpPostSelections(store.db, createChangeLog(store.db));
    const endedBefore = '2026-03-14 12:30:00';
    const { until } = selections.page({ ...EVENTS, endedBefore }, { limit: 5, offset: 0 });
    const soonest = store.db
      .prepare(
        `SELECT min(e.end_utc) AS end FROM events e JOIN posts p ON p.id = e.post_id
         WHERE p.status IN ('publish', 'draft') AND e.end_utc >= ?`,
      )
      .get(endedBefore) as { end: string };
    expect(until?.getTime()).toBe(Date.parse(`${soonest.end.replace(' ', 'T')}Z`) + 1000);
    const venues = { ...EVENTS, kind: 'venue', endedBefore: undefined } as const;
    expect(selections.page(venues, { limit: 5, offset: 0 }).until).toBeUndefined();
  });

  it('selects a search anew for each page', () => {
    const selections = createWpPostSelections(store.db, createChangeLog(store.db));
    const searched = { ...EVENTS, search: 'jazz' };
    const first = selections.page(searched, { limit: 3, offset: 0 });
    expect(first.total).toBeGreaterThan(3);
    const before = store.db.statementCount();
    const second = selections.page(searched, { limit: 3, offset: 3 });
    expect(store.db.statementCount() - before).toBeGreaterThan(0);
    expect(second.ids).toEqual(fresh(searched).ids.slice(3, 6));
  });
});
