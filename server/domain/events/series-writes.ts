/**
 * Writes that involve a series: a change to an event whose occurrences
 * follow it, a series cut in two at an occurrence (a write to "this and following"), and
 * removing with a scope. The events service decides which applies; this keeps the series'
 * rules out of its plain writes.
 */
import { randomUUID } from 'node:crypto';
import type { Language } from '#shared/languages.ts';
import type { EventPatch } from '#shared/kinds/registry.ts';
import type { Multilingual } from '#shared/schemas/multilingual.ts';
import { changedOwnFields, type Scope } from '#shared/series/occurrences.ts';
import {
  slotEnd,
  splitRecurrence,
  wallDuration,
  type Recurrence,
} from '#shared/series/recurrence.ts';
import { seriesPatchOf } from '#shared/series/series-patch.ts';
import { eventTimesIn } from '#shared/time/datetime.ts';
import { can } from '../../auth/capabilities.ts';
import type { Principal } from '../../auth/principal.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { EventsRepo, StoredEvent } from '../../store/events.repo.ts';
import type { LinkIndex } from '../../store/link-index.ts';
import type { PostsRepo } from '../../store/posts.repo.ts';
import type { DomainContext } from '../context.ts';
import { requireCaller } from '../posts/access.ts';
import type { PostKernel } from '../posts/post-kernel.ts';
import { assignSlug } from '../posts/post-rules.ts';
import { createSeriesOccurrences } from './series-occurrences.ts';

/** The ids of the records an event links, beside their uuids. */
export type LinkIds = Pick<
  StoredEvent,
  'venueId' | 'organizerIds' | 'categoryIds' | 'tagIds' | 'parentId'
>;

/** A patch checked, with the ids of the records it links. */
export type Checked = { patch: EventPatch; ids: Partial<LinkIds> };

type Deps = {
  events: EventsRepo;
  posts: PostsRepo;
  changes: ChangeLog;
  kernel: PostKernel<StoredEvent>;
  /** The event after a checked patch (the shared rule, the post rules, the links' ids). */
  apply: (
    event: StoredEvent,
    checked: Checked,
    caller: Principal,
    context: DomainContext,
  ) => StoredEvent;
  /** Checks a patch's author and links, giving the links' ids. */
  check: (patch: EventPatch, selfUuid: string, index: LinkIndex) => Partial<LinkIds>;
};

type Series = StoredEvent & { recurrence: Recurrence };

export function createSeriesWrites({ events, posts, changes, kernel, apply, check }: Deps) {
  const occurrences = createSeriesOccurrences({ events, posts, changes });

  /** The series an occurrence belongs to, when it is one. */
  function seriesOf(event: StoredEvent): Series | undefined {
    if (!event.recurrenceId || !event.parentId) return undefined;
    const series = events.get(event.parentId);
    return series?.recurrence ? (series as Series) : undefined;
  }

  /** Stores a change to an event; a series' occurrences follow it, in the same write. */
  function saveFollowing(
    event: StoredEvent,
    checked: Checked,
    caller: Principal,
    context: DomainContext,
    rev: number,
  ): StoredEvent {
    const saved = kernel.save(apply(event, checked, caller, context), event, rev, context);
    if (saved.recurrence || event.recurrence)
      occurrences.follow(saved, event, rev, context.now, changedOwnFields(event, saved));
    return saved;
  }

  /**
   * A series cut at an occurrence (a write to it and the ones after): the series ends before
   * its slot, and a new series, the patch applied, takes the occurrences from it on.
   */
  function splitSeries(
    series: Series,
    occurrence: StoredEvent,
    patch: EventPatch,
    caller: Principal,
    context: DomainContext,
    rev: number,
    index: LinkIndex,
  ): void {
    const slot = occurrence.recurrenceId!;
    const { before, from } = splitRecurrence(series, slot);
    const uuid = randomUUID();
    const part = {
      ...series,
      ...eventTimesIn(
        slot,
        slotEnd(slot, wallDuration(series.start, series.end)),
        series.timezone,
        series.allDay,
      ),
      id: 0,
      uuid,
      rev,
      recurrence: from,
      slug: freshSlugs(series),
    };
    const partPatch = seriesPatchOf(occurrence, part, patch);
    const next = apply(
      part,
      { patch: partPatch, ids: check(partPatch, uuid, index) },
      caller,
      context,
    );
    const created = kernel.insert({ ...next, rev });
    index.remember('event', created.id, uuid);
    for (const child of events.getMany(events.childIds(series.id)))
      if (child.recurrenceId && child.recurrenceId >= slot)
        events.update({ ...child, parentUuid: uuid, parentId: created.id, rev }, child);
    occurrences.follow(created, series, rev, context.now, changedOwnFields(series, created));
    const cut = apply(series, { patch: { recurrence: before }, ids: {} }, caller, context);
    occurrences.follow(kernel.save(cut, series, rev, context), series, rev, context.now);
  }

  /**
   * A write to an occurrence for `all` or `following` (the caller handles `this`): the whole
   * series changes (also for the first occurrence's following), or it is cut at the occurrence. The answer is the
   * occurrence as it is now (the series, when its new rule no longer gives it).
   */
  function writeFrom(
    occurrence: StoredEvent,
    series: Series,
    patch: EventPatch,
    scope: Scope,
    write: { caller: Principal; context: DomainContext; rev: number; index: LinkIndex },
  ): StoredEvent {
    const { caller, context, rev, index } = write;
    if (scope === 'all' || occurrence.recurrenceId! <= series.start) {
      const seriesPatch = seriesPatchOf(occurrence, series, patch);
      const ids = check(seriesPatch, series.uuid, index);
      saveFollowing(series, { patch: seriesPatch, ids }, caller, context, rev);
    } else splitSeries(series, occurrence, patch, caller, context, rev, index);
    return events.get(occurrence.id) ?? events.get(series.id)!;
  }

  /** The series' slugs, each made unique again (a new part of a series). */
  function freshSlugs(series: StoredEvent): Multilingual {
    const slugs: Multilingual = {};
    for (const [language, slug] of Object.entries(series.slug) as [Language, string][])
      slugs[language] = assignSlug(posts, 'event', language, slug.replace(/__trashed$/, ''), '');
    return slugs;
  }

  /**
   * Trashes an event, or deletes it for good with `force`. A series goes with its occurrences;
   * an occurrence with `scope` following or all takes its series from it on, or all of it.
   * An occurrence deleted alone is removed from its series' dates (an EXDATE); trashed, it
   * stays an exception in the trash, and a restore brings it back. `alone`: the occurrence's
   * record only, its series as it is: a peer's copy of a deletion made elsewhere, where the
   * series' dates come as the series' own record (a hub that split or shortened a series).
   */
  function remove(
    id: number,
    force: boolean,
    context: DomainContext,
    options: { scope?: Scope; alone?: boolean } = {},
  ): StoredEvent {
    const { scope = 'this' } = options;
    const event = kernel.find(id);
    if (options.alone && event.recurrenceId) return kernel.remove(id, force, context);
    const series = event.recurrence ? event : scope === 'this' ? undefined : seriesOf(event);
    if (series && (scope === 'all' || event === series || event.recurrenceId! <= series.start))
      return changes.write(() => {
        for (const occurrence of events.getMany(events.childIds(series.id)))
          if (force || occurrence.status !== 'trash')
            kernel.removeRecord(occurrence, force, context);
        const removed = kernel.removeRecord(series, force, context);
        return event === series ? removed : event;
      });
    if (series) {
      const caller = requireCaller(context, (user) => can.deletePost(user, series));
      return changes.write((rev) => {
        const { before } = splitRecurrence(
          { ...series, recurrence: series.recurrence! },
          event.recurrenceId ?? series.start,
        );
        const next = apply(series, { patch: { recurrence: before }, ids: {} }, caller, context);
        occurrences.follow(kernel.save(next, series, rev, context), series, rev, context.now);
        return event;
      });
    }
    const parent = force && event.recurrenceId ? seriesOf(event) : undefined;
    if (!parent) return kernel.remove(id, force, context);
    return changes.write((rev) => {
      const removed = kernel.remove(id, true, context);
      const recurrence = parent.recurrence;
      const exdates = [...recurrence.exdates, event.recurrenceId!];
      kernel.save({ ...parent, recurrence: { ...recurrence, exdates } }, parent, rev, context);
      return removed;
    });
  }

  return {
    seriesOf,
    /** A new series' occurrences, inside the write that made it. */
    follow: (series: StoredEvent, rev: number, now: Date) =>
      occurrences.follow(series, undefined, rev, now),
    saveFollowing,
    writeFrom,
    remove,
    extendAll: (now: Date) => occurrences.extendAll(now),
  };
}
