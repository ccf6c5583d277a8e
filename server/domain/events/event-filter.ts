/**
 * `GET /events` parameters → a repo filter: who sees which statuses, the
 * date window, every category, tag, venue and organizer must exist (400 otherwise), and the
 * window's bounds in the calendar's zone (the routes echo them in `rest_url`).
 */
import { searchWords } from './search-terms.ts';
import { foldText } from '#shared/text/fold.ts';
import type { EventListQuery } from '#shared/schemas/event.ts';
import { invalidParams, DomainError } from '../errors.ts';
import type { DomainContext } from '../context.ts';
import { can } from '../../auth/capabilities.ts';
import { visibleStatuses } from '../posts/access.ts';
import { CATEGORIES, TAGS } from '../terms/taxonomies.ts';
import type { TermsService } from '../terms/terms.service.ts';
import type { ListWindow, ListWindows } from './event-dates.ts';
import type { EventFilter, EventsRepo } from '../../store/events.repo.ts';

type Deps = { events: EventsRepo; terms: TermsService; windows: ListWindows };

function mustExist(
  events: EventsRepo,
  kind: 'venue' | 'organizer' | 'event',
  ids: number[],
  param: string,
): void {
  const existing = events.existing(kind, ids);
  const missing = ids.filter((id) => !existing.has(id));
  if (missing.length > 0)
    throw invalidParams({ [param]: `${param}: ${missing.join(', ')} is not a ${kind}` });
}

export function eventFilter(
  query: EventListQuery,
  context: DomainContext,
  { events, terms, windows }: Deps,
): { filter: EventFilter; bounds: ListWindow['local']; relativeToNow: boolean } {
  if (query.ticketed) {
    throw new DomainError('rest_invalid_param', 'Invalid parameter(s): ticketed', {
      params: { ticketed: 'Event Tickets is not active: Marquee sells no tickets.' },
      details: {
        ticketed: {
          code: 'event-tickets-not-active',
          message: 'Event Tickets is not active: Marquee sells no tickets.',
        },
      },
    });
  }
  const caller = context.actor;
  const { language } = context;
  // A category matches the events of its descendants too (WordPress `include_children`).
  const categoryIds =
    query.categories &&
    terms.withDescendants(
      CATEGORIES,
      terms.resolveRefs(CATEGORIES, query.categories, 'categories', language),
    );
  const tagIds = query.tags && terms.resolveRefs(TAGS, query.tags, 'tags', language);
  if (query.venue) mustExist(events, 'venue', query.venue, 'venue');
  if (query.organizer) mustExist(events, 'organizer', query.organizer, 'organizer');
  if (query.post_parent !== undefined)
    mustExist(events, 'event', [query.post_parent], 'post_parent');
  const statuses = visibleStatuses(query.status, caller, 'events');
  const window = windows(query, context.settings.timezone, context.now);
  const searched =
    query.search === undefined || query.search === ''
      ? { words: [], without: [] }
      : searchWords(query.search);
  const folded = (list: string[]) => list.map(foldText).filter(Boolean);
  const words = folded(searched.words);
  const without = folded(searched.without);

  const filter: EventFilter = {
    statuses,
    unpublishedOnlyBy: caller && !can.editOthers(caller) ? caller.id : undefined,
    startFrom: window.utc.start_date,
    endTo: window.utc.end_date,
    startBefore: window.utc.starts_before,
    startAfter: window.utc.starts_after,
    endBefore: window.utc.ends_before,
    endAfter: window.utc.ends_after,
    search:
      words.length + without.length > 0
        ? {
            words,
            without,
            languages: [...new Set([language, context.settings.defaultLanguage])],
            public: caller === undefined,
          }
        : undefined,
    categoryIds,
    tagIds,
    venueIds: query.venue,
    organizerIds: query.organizer,
    featured: query.featured,
    include: query.include,
    parentId: query.post_parent,
  };
  return { filter, bounds: window.local, relativeToNow: window.relativeToNow };
}
