/** A new event before its body is applied: TEC's defaults, the calendar's zone, no links. */
import type { EventCreateBody } from '#shared/schemas/event.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import type { Principal } from '../../auth/principal.ts';
import type { DomainContext } from '../../domain/context.ts';
import { scaleStatus } from '../posts/post-rules.ts';
import { eventTimes } from './event-dates.ts';
import type { StoredEvent } from './events.repo.ts';

export function blankEvent(
  caller: Principal,
  body: EventCreateBody,
  context: DomainContext,
  uuid: string,
): StoredEvent {
  const now = toUtcString(context.now);
  const timezone = body.timezone || context.settings.timezone;
  return {
    id: 0,
    uuid,
    created: now,
    modified: now,
    rev: 0,
    status: scaleStatus(caller, body.status),
    statusBeforeTrash: null,
    author: caller.id,
    date: now,
    password: '',
    title: {},
    description: {},
    excerpt: {},
    slug: {},
    ...eventTimes(body.start_date, body.end_date, timezone, body.all_day ?? false, context.now),
    timezone,
    allDay: body.all_day ?? false,
    cost: '',
    website: null,
    image: '',
    // TEC's API stores no map flags unless sent, so they read false (the editor's form ticks them).
    showMap: false,
    showMapLink: false,
    hideFromListings: false,
    sticky: false,
    featured: false,
    venueUuid: null,
    venueId: null,
    organizerUuids: [],
    organizerIds: [],
    categoryUuids: [],
    categoryIds: [],
    tagUuids: [],
    tagIds: [],
    parentUuid: null,
    parentId: null,
  };
}
