/**
 * A series' stored occurrences: after a series is written, its occurrences
 * are brought in line with it up to the horizon (two years ahead, extended as time passes), in
 * the same change-log write. The plan is the shared one (shared/series/occurrences.ts) that the
 * replica also follows; this stores it: new occurrences with their own slugs
 * (`<series slug>-<date>`), changed ones, and removed ones deleted for good (with tombstones,
 * so sync clients drop them too).
 */
import type { Language } from '#shared/languages.ts';
import { KIND } from '#shared/kinds/registry.ts';
import type { Multilingual } from '#shared/schemas/multilingual.ts';
import { statusBeforeTrashAfter } from '#shared/schemas/common.ts';
import {
  HORIZON_YEARS,
  fromSeries,
  NoOccurrence,
  occurrenceSlugBase,
  occurrenceUuid,
  type OccurrencePlan,
  planOccurrences,
  same,
  TwoOnOneDay,
  type OwnField,
} from '#shared/series/occurrences.ts';
import { seriesHorizon } from '#shared/series/horizon.ts';
import { expandSlots, MAX_WALK, RuleOutOfReach } from '#shared/series/recurrence.ts';
import { uniqueSlug } from '#shared/text/slug.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { EventsRepo, StoredEvent } from '../../store/events.repo.ts';
import type { PostsRepo } from '../../store/posts.repo.ts';
import { invalidParams } from '../errors.ts';
import { slugTaken } from '../posts/post-rules.ts';

type Deps = { events: EventsRepo; posts: PostsRepo; changes: ChangeLog };

/** Link fields and the ids the store keeps beside them. */
const LINK_IDS = [
  ['venueUuid', 'venueId'],
  ['organizerUuids', 'organizerIds'],
  ['categoryUuids', 'categoryIds'],
  ['tagUuids', 'tagIds'],
] as const;

export function createSeriesOccurrences({ events, posts, changes }: Deps) {
  /** The link ids of an occurrence: the series' where it links the same records. */
  function withLinkIds(next: StoredEvent, series: StoredEvent, own: StoredEvent | undefined) {
    for (const [uuids, ids] of LINK_IDS) {
      const from = same(next[uuids], series[uuids]) ? series : own;
      (next as Record<string, unknown>)[ids] = from ? from[ids] : series[ids];
    }
    next.parentId = series.id;
    return next;
  }

  /** An occurrence's slug in each language its series has one: `<series slug>-<date>`. */
  function slugsFor(series: StoredEvent, slot: string, id: number): Multilingual {
    const slugs: Multilingual = {};
    const taken = slugTaken(posts, 'event', id);
    for (const [language, slug] of Object.entries(series.slug) as [Language, string][]) {
      slugs[language] = uniqueSlug(occurrenceSlugBase(slug, slot), (candidate) =>
        taken(language, candidate),
      );
    }
    return slugs;
  }

  /**
   * What the series gives up to the horizon: `before`, the series as it was (its occurrences'
   * own fields are those where they differed from it); `overriding`, fields a write to "all"
   * sets on every occurrence, exceptions included. 400 for a rule with no occurrence up to the
   * horizon, or one that cannot be expanded in a moment (RuleOutOfReach).
   */
  function planFor(
    series: StoredEvent,
    before: StoredEvent | undefined,
    now: Date,
    overriding: readonly OwnField[] = [],
  ): OccurrencePlan<StoredEvent> {
    const existing = events.getMany(events.childIds(series.id)).filter((e) => e.recurrenceId);
    const until = seriesHorizon(now, series, HORIZON_YEARS);
    try {
      return planOccurrences(series, before, existing, until, overriding);
    } catch (error) {
      if (error instanceof RuleOutOfReach)
        throw invalidParams({ recurrence: `recurrence: ${error.message}` });
      if (error instanceof NoOccurrence)
        throw invalidParams({ recurrence: 'recurrence: the rule gives no occurrence' });
      if (error instanceof TwoOnOneDay)
        throw invalidParams({
          recurrence: `recurrence: two occurrences on ${error.date}; a series has at most one a day`,
        });
      throw error;
    }
  }

  /** Stores a plan at `rev`: changed, new and removed occurrences. */
  function store(
    plan: OccurrencePlan<StoredEvent>,
    series: StoredEvent,
    rev: number,
    now: Date,
  ): void {
    const stamp = toUtcString(now);
    for (const { occurrence, fields } of plan.update) {
      const next = withLinkIds({ ...occurrence, ...fields }, series, occurrence);
      next.statusBeforeTrash = statusBeforeTrashAfter(occurrence, next.status);
      events.update({ ...next, rev, modified: stamp }, occurrence);
    }
    for (const slot of plan.create) {
      const uuid = occurrenceUuid(series.uuid, slot);
      const fresh = {
        ...KIND.event.blank(uuid, now, series.timezone),
        ...fromSeries(series, slot),
        rev,
      } as StoredEvent;
      const occurrence = withLinkIds(fresh, series, undefined);
      occurrence.slug = slugsFor(series, slot, 0);
      events.insert(occurrence);
    }
    for (const occurrence of plan.remove) {
      changes.tombstone('event', occurrence.uuid, occurrence.id, rev, stamp);
      posts.delete(occurrence.id);
    }
  }

  const isEmpty = (plan: OccurrencePlan<StoredEvent>) =>
    plan.create.length + plan.update.length + plan.remove.length === 0;

  return {
    /** Brings the series' occurrences in line with it, inside the write that changed it. */
    follow(
      series: StoredEvent,
      before: StoredEvent | undefined,
      rev: number,
      now: Date,
      overriding: readonly OwnField[] = [],
    ): void {
      store(planFor(series, before, now, overriding), series, rev, now);
    },

    /**
     * Occurrences of every series up to the horizon as it is now (at start-up, then daily). A
     * series whose slots up to then are all stored costs its rule's expansion, no read.
     */
    extendAll(now: Date): number {
      const ids = events.seriesIds();
      const stored = events.lastSlots();
      let added = 0;
      for (const series of events.getMany(ids)) {
        if (!series.recurrence) continue;
        const until = seriesHorizon(now, series, HORIZON_YEARS);
        let slots: string[];
        try {
          slots = expandSlots({ ...series, recurrence: series.recurrence }, until, MAX_WALK);
        } catch (error) {
          // Stored before rules were checked for their reach: it keeps what it has.
          if (error instanceof RuleOutOfReach) continue;
          throw error;
        }
        if (slots.length === 0 || slots.at(-1)! <= (stored.get(series.id) ?? '')) continue;
        const plan = planFor(series, series, now);
        if (isEmpty(plan)) continue;
        changes.write((rev) => store(plan, series, rev, now));
        added += plan.create.length;
      }
      return added;
    },
  };
}
