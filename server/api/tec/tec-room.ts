/**
 * TEC's room: the TEC bodies of events, venues and organizers (body → record patch), which wp/v2
 * reads too, and the route tables of `tribe/events/v1` (served under its alias as well).
 */
import type { DomainServices } from '../../domain/domain-services.ts';
import type { RouteSpec } from '../../http/routes.ts';
import type { SettingsStore } from '../../settings/settings-file.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import { createEventFragments, type EventFragments } from './events/event-fragments.ts';
import { eventRoutes } from './events/events.routes.ts';
import { createTecEventBodies, type TecEventBodies } from './events/tec-event-body.ts';
import { createTecLinkedPostBodies } from './linked-posts/tec-linked-post-body.ts';
import { organizerRoutes, type OrganizerBodies } from './organizers/organizers.routes.ts';
import { tecOrganizerBody } from './organizers/tec-organizer-body.ts';
import { termRoutes } from './terms/terms.routes.ts';
import { tecVenueBody } from './venues/tec-venue-body.ts';
import { venueRoutes, type VenueBodies } from './venues/venues.routes.ts';

export type TecRoom = {
  eventBodies: TecEventBodies;
  venueBodies: VenueBodies;
  organizerBodies: OrganizerBodies;
  /** Every event's JSON of a large calendar kept on disk: a server starts and stops it. */
  residentJson: Pick<EventFragments, 'start' | 'stop' | 'settled' | 'requestCame'>;
  /** Records' JSON kept between requests, which wp/v2 keeps its posts' in too. */
  fragments: Pick<EventFragments, 'of'>;
  routes: { 'tribe/events/v1': RouteSpec[] };
};

export function wireTec(deps: {
  domain: DomainServices;
  changes: ChangeLog;
  settings: SettingsStore;
}): TecRoom {
  const { users, events, venues, organizers, terms } = deps.domain;
  const { changes } = deps;
  const venueBodies = createTecLinkedPostBodies(venues, tecVenueBody);
  const organizerBodies = createTecLinkedPostBodies(organizers, tecOrganizerBody);
  const eventBodies = createTecEventBodies({
    users,
    venues: venueBodies,
    organizers: organizerBodies,
    terms,
  });
  const fragments = createEventFragments({
    change: () => changes.latest(),
    settingsVersion: () => deps.settings.version(),
    eventsTouchedSince: (after, limit) => changes.eventsTouchedSince(after, limit),
    termCounts: (ids) => terms.counts(ids),
    eventCount: () => events.countAll(),
    eventIdsBefore: (before, limit) => events.idsBefore(before, limit),
  });
  return {
    eventBodies,
    residentJson: {
      start: fragments.start,
      stop: fragments.stop,
      settled: fragments.settled,
      requestCame: fragments.requestCame,
    },
    fragments,
    venueBodies,
    organizerBodies,
    routes: {
      'tribe/events/v1': [
        ...eventRoutes(events, eventBodies, fragments),
        ...venueRoutes(venueBodies),
        ...organizerRoutes(organizerBodies),
        ...termRoutes(terms),
      ],
    },
  };
}
