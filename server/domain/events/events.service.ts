/**
 * Event rules: visibility and password protection, the list
 * filters, partial writes in one language, trash and delete. Validation (400) comes before
 * permission (401/403), as in WordPress.
 */
import { randomUUID } from 'node:crypto';
import { KIND, type EventPatch } from '#shared/kinds/registry.ts';
import type { EventListQuery } from '#shared/schemas/event.ts';
import { can } from '../../auth/capabilities.ts';
import type { Principal } from '../../auth/principal.ts';
import type { UsersRepo } from '../../auth/users.repo.ts';
import { invalidParams, missingParams, DomainError } from '../errors.ts';
import type { DomainContext } from '../context.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { LinkIndex } from '../../store/link-index.ts';
import { mayChangePost, requireCaller } from '../posts/access.ts';
import { createPostKernel } from '../posts/post-kernel.ts';
import { checkPatchDates } from '../posts/patch-dates.ts';
import { checkAuthor, scaleStatus } from '../posts/post-rules.ts';
import type { PostsRepo } from '../../store/posts.repo.ts';
import { eventFilter } from './event-filter.ts';
import { createKeptEvents } from './kept-events.ts';
import { createListSelections } from './list-selections.ts';
import { createListWindows } from './event-dates.ts';
import { createSeriesWrites, type Checked, type LinkIds } from './series-writes.ts';
import { createLinkReader, linkIdsOf } from './event-links.ts';
import { normalizeRecurrence, ruleProblem } from '#shared/series/recurrence.ts';
import type { Scope } from '#shared/series/occurrences.ts';
import type { EventsRepo, StoredEvent } from '../../store/events.repo.ts';
import type { TermsService } from '../terms/terms.service.ts';
import type { OrganizersService, VenuesService } from '../linked-posts/linked-posts.service.ts';

type Deps = {
  events: EventsRepo;
  venues: VenuesService;
  organizers: OrganizersService;
  posts: PostsRepo;
  users: UsersRepo;
  changes: ChangeLog;
  /** A fresh index of ids and uuids, for one write. */
  links: () => LinkIndex;
  terms: TermsService;
};

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

export type EventsService = ReturnType<typeof createEventsService>;

export function createEventsService(deps: Deps) {
  const { events, posts, users, changes, links } = deps;

  const kernel = createPostKernel<StoredEvent>(
    {
      kind: 'event',
      repo: events,
      // 404 when no post has the id, 400 when it is another kind (as TEC answers).
      notFound: (id) =>
        posts.kindOf(id)
          ? new DomainError('rest-invalid-event-id', 'The specified ID is not a valid event.')
          : new DomainError('rest-event-not-found', `Event with ID ${id} does not exist.`),
      inTrash: () => new DomainError('event-is-in-trash', 'The event is already trashed'),
      dependents: (id) => ({ ids: events.childIds(id), fields: ['parentUuid'] }),
    },
    deps,
  );
  const { find } = kernel;
  const readable = createKeptEvents(changes, find);

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
  const selections = createListSelections(changes, events);
  const listing = { events, terms: deps.terms, windows: createListWindows() };
  const { seriesOf, saveFollowing } = seriesWrites;

  return {
    find,
    getMany: (ids: readonly number[]) => events.getMany(ids),

    /** The venues, organizers and terms a page of events links to, loaded together. */
    linkData: createLinkReader(deps, changes),

    idBySlug(slug: string, context: DomainContext): number | undefined {
      return posts.idBySlug('event', slug, context.language);
    },

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

    /** One event for reading, as TEC answers it: trashed 403, not public 403, password 403. */
    read(id: number, context: DomainContext, password: string | undefined): StoredEvent {
      const event = readable(id);
      if (event.status === 'trash')
        throw new DomainError('event-no-longer-available', 'This event is no longer available');
      if (!can.readPost(context.actor, event)) {
        throw new DomainError('event-not-accessible', 'The requested event is not accessible');
      }
      if (event.password && password !== event.password && !can.editPost(context.actor, event)) {
        throw new DomainError(
          'event-password-protected',
          'The requested event is not accessible without a password',
        );
      }
      return event;
    },

    /** A series and the occurrences the caller may read, in slot order (404 for no series). */
    series(id: number, context: DomainContext, password: string | undefined) {
      const series = this.read(id, context, password);
      if (!series.recurrence)
        throw new DomainError('rest-event-not-found', `The event with ID ${id} is not a series.`);
      const occurrences = events
        .getMany(events.childIds(id))
        .filter((event) => event.recurrenceId && can.readPost(context.actor, event))
        .sort((a, b) => (a.recurrenceId! < b.recurrenceId! ? -1 : 1));
      return { series, occurrences };
    },

    list(query: EventListQuery, context: DomainContext) {
      const { filter, bounds, relativeToNow } = eventFilter(query, context, listing);
      const { ids, total } = selections.page(filter, {
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      if (ids.length === 0 && query.page > 1) {
        throw new DomainError(
          'event-archive-page-not-found',
          'The requested event archive page does not exist',
        );
      }
      return { ids, total, bounds, relativeToNow };
    },

    /** Every event a list query selects, hidden ones too, in start order: what an export writes. */
    selectAll(query: EventListQuery, context: DomainContext): number[] {
      const { filter } = eventFilter(query, context, listing);
      return Array.from(events.select({ ...filter, withHidden: true }));
    },

    /**
     * Stores a new event; the answer is the record as stored, without reading it back. `uuid`:
     * the identity a sync client chose for a record it created offline; `index`: the ids and
     * uuids this write (an import: every write of it) has already looked up.
     */
    create(
      source: PatchSource,
      context: DomainContext,
      options: { uuid?: string; index?: LinkIndex } = {},
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
      options: { index?: LinkIndex; scope?: Scope } = {},
    ): StoredEvent {
      const { index = links(), scope = 'this' } = options;
      const event = find(id);
      const checked = checkSource(source, event, index);
      const caller = requireCaller(context, (user) => can.editPost(user, event));
      const series = scope === 'this' ? undefined : seriesOf(event);
      if (series) requireCaller(context, (user) => can.editPost(user, series));
      return changes.write((rev) => {
        const made = patchFrom(source, checked, event, index);
        if (!series) return saveFollowing(event, made, caller, context, rev);
        return seriesWrites.writeFrom(event, series, made.patch, scope, {
          caller,
          context,
          rev,
          index,
        });
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
