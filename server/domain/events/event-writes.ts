/**
 * Writing events: create, update and trash or delete, partial writes in one language, the rule
 * and the links checked before anyone's rights are (400 before 401/403, as in WordPress); a
 * series' occurrences follow their series (series-writes.ts).
 */
import { randomUUID } from 'node:crypto';
import { KIND, type EventPatch } from '#shared/kinds/registry.ts';
import { normalizeRecurrence, ruleProblem } from '#shared/series/recurrence.ts';
import type { Scope } from '#shared/series/occurrences.ts';
import { can } from '../../auth/capabilities.ts';
import type { Principal } from '../../auth/principal.ts';
import type { UsersRepo } from '../../store/users.repo.ts';
import { invalidParams, missingParams } from '../errors.ts';
import type { DomainContext } from '../context.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { LinkIndex } from '../../store/link-index.ts';
import { mayChangePost, requireCaller } from '../posts/access.ts';
import type { PostKernel } from '../posts/post-kernel.ts';
import { checkPatchDates } from '../posts/patch-dates.ts';
import { checkAuthor, scaleStatus } from '../posts/post-rules.ts';
import type { PostsRepo } from '../../store/posts.repo.ts';
import { createSeriesWrites, type Checked, type LinkIds } from './series-writes.ts';
import { linkIdsOf } from './event-links.ts';
import type { EventsRepo, StoredEvent } from '../../store/events.repo.ts';
import type { BookingWrite, BookingsService } from '../bookings/bookings.service.ts';
import { rebooks } from '../bookings/rebooks.ts';

/**
 * What a write sets: a patch, or what a TEC body makes of the event: its checks run before the
 * permission check, its patch inside the write, after it (it may create the venues,
 * organizers and terms it names).
 */
export type PatchSource =
  | EventPatch
  | {
      check(event: StoredEvent, index: LinkIndex): void;
      patch(event: StoredEvent, index: LinkIndex): EventPatch;
    };

const REQUIRED = ['title', 'start', 'end'] as const;

const isBody = (source: PatchSource): source is Exclude<PatchSource, EventPatch> =>
  'check' in source && typeof source.check === 'function';

export function createEventWrites(
  deps: {
    events: EventsRepo;
    posts: PostsRepo;
    users: UsersRepo;
    changes: ChangeLog;
    /** A fresh index of ids and uuids, for one write. */
    links: () => LinkIndex;
    bookings: BookingsService;
  },
  kernel: PostKernel<StoredEvent>,
) {
  const { events, posts, users, changes, links, bookings } = deps;
  const { find } = kernel;

  /**
   * What a patch may not name, checked before anyone's rights are (400 before 401/403): the
   * author, dates off the calendar, the rule, the linked records. Gives the links' ids.
   */
  function check(patch: EventPatch, selfUuid: string, index: LinkIndex): Partial<LinkIds> {
    checkAuthor(users, patch.author);
    checkPatchDates(patch);
    const problem = patch.recurrence?.rrule ? ruleProblem(patch.recurrence.rrule) : undefined;
    if (problem) throw invalidParams({ recurrence: `recurrence: ${problem}` });
    return linkIdsOf(patch, selfUuid, index);
  }

  /** The event after a patch: the shared rule, the post rules, the links' ids. */
  function apply(
    event: StoredEvent,
    { patch, ids }: Checked,
    caller: Principal,
    context: DomainContext,
  ): StoredEvent {
    const next = kernel.apply(event, patch, caller, context);
    if (next.recurrence) {
      if (next.recurrenceId)
        throw invalidParams({
          recurrence: 'recurrence: an occurrence has no rule of its own; write to its series',
        });
      next.recurrence = normalizeRecurrence(next.recurrence, next);
    }
    // Links as the store keeps them: each once, in the order given.
    for (const field of ['organizerUuids', 'categoryUuids', 'tagUuids'] as const)
      if (patch[field]) next[field] = [...new Set(patch[field])];
    return { ...next, ...ids };
  }

  function blank(author: number, context: DomainContext, uuid: string): StoredEvent {
    return {
      ...KIND.event.blank(uuid, context.now, context.settings.timezone),
      author,
      venueId: null,
      organizerIds: [],
      categoryIds: [],
      tagIds: [],
      parentId: null,
    };
  }

  /** Checks what the source names before the permission check: a patch gives its links' ids. */
  function checkSource(
    source: PatchSource,
    event: StoredEvent,
    index: LinkIndex,
  ): Checked | undefined {
    if (!isBody(source)) return { patch: source, ids: check(source, event.uuid, index) };
    source.check(event, index);
    return undefined;
  }

  /** The patch and its links' ids; a body's patch is made here, inside the write. */
  function patchFrom(
    source: PatchSource,
    checked: Checked | undefined,
    event: StoredEvent,
    index: LinkIndex,
  ): Checked {
    if (checked || !isBody(source)) return checked!;
    const patch = source.patch(event, index);
    return { patch, ids: check(patch, event.uuid, index) };
  }

  const seriesWrites = createSeriesWrites({ events, posts, changes, kernel, apply, check });
  const { seriesOf, saveFollowing } = seriesWrites;

  return {
    /** Whether the caller may create events (WordPress's `edit_posts`). */
    mayCreate: (context: DomainContext) => can.createPosts(context.actor),

    /**
     * Whether the caller may update or trash the event `id` (undefined: named by slug, where
     * TEC asks only the generic `edit_posts`); an unknown id is the generic question too.
     */
    mayChange(id: number | undefined, context: DomainContext): boolean {
      if (id === undefined) return can.createPosts(context.actor);
      return mayChangePost(posts, id, context, can.createPosts(context.actor));
    },

    /**
     * Stores a new event; the answer is the record as stored, without reading it back. `uuid`:
     * the identity a sync client chose for a record it created offline; `index`: the ids and
     * uuids this write (an import: every write of it) has already looked up.
     */
    create(
      source: PatchSource,
      context: DomainContext,
      options: { uuid?: string; index?: LinkIndex; booking?: BookingWrite } = {},
    ): StoredEvent {
      const { uuid = randomUUID(), index = links() } = options;
      const fresh = blank(context.actor?.id ?? 0, context, uuid);
      const checked = checkSource(source, fresh, index);
      const caller = requireCaller(context, can.createPosts);
      return changes.write((rev) => {
        const { patch: sent, ids } = patchFrom(source, checked, fresh, index);
        const { status, ...patch } = sent;
        // What every event has from its first write, whatever the door.
        const missing = REQUIRED.filter((field) => patch[field] === undefined);
        if (missing.length > 0) throw missingParams(missing);
        fresh.status = scaleStatus(caller, status);
        const event = { ...apply(fresh, { patch, ids }, caller, context), rev };
        const stored = kernel.insert(event);
        index.remember('event', stored.id, uuid);
        if (stored.recurrence) seriesWrites.follow(stored, rev, context.now);
        bookings.enforce(stored, context, { ...options.booking, wholeSeries: true });
        return stored;
      });
    },

    /**
     * Changes an event with a patch, or with what a TEC body makes of it. An occurrence's
     * `scope` says what else changes: this occurrence alone (it keeps its slot), the series from
     * it on (a new series from its slot), or the whole series. A series' occurrences follow it.
     */
    update(
      id: number,
      source: PatchSource,
      context: DomainContext,
      options: { index?: LinkIndex; scope?: Scope; booking?: BookingWrite } = {},
    ): StoredEvent {
      const { index = links(), scope = 'this' } = options;
      const event = find(id);
      const checked = checkSource(source, event, index);
      const caller = requireCaller(context, (user) => can.editPost(user, event));
      const series = scope === 'this' ? undefined : seriesOf(event);
      if (series) requireCaller(context, (user) => can.editPost(user, series));
      return changes.write((rev) => {
        const made = patchFrom(source, checked, event, index);
        const saved = series
          ? seriesWrites.writeFrom(event, series, made.patch, scope, {
              caller,
              context,
              rev,
              index,
            })
          : saveFollowing(event, made, caller, context, rev);
        // Only a change of what books the room is checked: an event that already clashes
        // (booked anyway) keeps taking other edits.
        if (rebooks(event, saved))
          bookings.enforce(saved, context, {
            ...options.booking,
            wholeSeries: !!series || !!saved.recurrence,
          });
        return saved;
      });
    },

    /**
     * Trashes an event, or deletes it for good with `force`; a series goes with its occurrences,
     * and an occurrence's `scope` says what else goes (series-writes.ts).
     */
    remove: seriesWrites.remove,

    /** Occurrences of every series up to the horizon as it is now. */
    extendSeries: seriesWrites.extendAll,
  };
}
