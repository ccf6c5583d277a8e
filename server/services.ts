/**
 * Composition root: repos over the store's connection, the services built on them, and the
 * namespaces (route tables) the API serves. createApp wires these into Express.
 */
import { seriesRoutes } from './api/marquee/series/series.routes.ts';
import { createAccessTokens } from './sign-in/access-tokens.service.ts';
import { OWNER_ID } from './auth/principal.ts';
import type { Clock } from './clock.ts';
import type { Logger } from './logger.ts';
import { withDiscovery, type Namespace } from './http/discovery/describe.ts';
import { eventRoutes } from './api/tec/events/events.routes.ts';
import { createTecEventBodies } from './api/tec/events/tec-event-body.ts';
import { healthRoutes } from './api/marquee/health/health.routes.ts';
import { bookingRoutes } from './api/marquee/bookings/bookings.routes.ts';
import { createStatsRepo } from './store/stats.repo.ts';
import { createTecLinkedPostBodies } from './api/tec/linked-posts/tec-linked-post-body.ts';
import { tecOrganizerBody } from './api/tec/organizers/tec-organizer-body.ts';
import { tecVenueBody } from './api/tec/venues/tec-venue-body.ts';
import { organizerRoutes } from './api/tec/organizers/organizers.routes.ts';
import { createPublishScheduler } from './domain/posts/publish-scheduler.ts';
import { createSeriesHorizon } from './domain/events/series-horizon.ts';
import { createScheduledPostsRepo } from './store/scheduled-posts.repo.ts';
import { termRoutes } from './api/tec/terms/terms.routes.ts';
import { venueRoutes } from './api/tec/venues/venues.routes.ts';
import { createChangeLog } from './store/change-log.repo.ts';
import { createDomainServices } from './domain/domain-services.ts';
import { cleanTextsBeforeHtmlRule } from './domain/posts/texts-before-html-rule.ts';
import { createHtmlRuleBacklog } from './store/html-rule-backlog.ts';
import { sessionRoutes } from './api/marquee/session/session.routes.ts';
import { createSessions } from './sign-in/sessions.ts';
import { newOwnerKey } from './sign-in/owner-key.ts';
import { createSyncRepo } from './store/sync.repo.ts';
import { syncRoutes } from './sync/sync.routes.ts';
import { settingsRoutes } from './api/marquee/settings/settings.routes.ts';
import { tokenRoutes } from './api/marquee/tokens/tokens.routes.ts';
import { createTransfer } from './transfer/transfer.service.ts';
import { transferRoutes } from './transfer/transfer.routes.ts';
import { createCalendarFiles } from './transfer/calendar-files.ts';
import { createDailySnapshots } from './snapshots/daily-snapshots.ts';
import { createSnapshots } from './snapshots/snapshots.service.ts';
import { snapshotRoutes } from './snapshots/snapshots.routes.ts';
import type { SettingsStore } from './settings/settings-file.ts';
import { createSyncService } from './sync/sync.service.ts';
import type { Response } from 'express';
import type { Store } from './store/open-store.ts';
import { createRecordWriters } from './sync/mutations.ts';
import { createPeersRepo } from './store/peers.repo.ts';
import { createLocalRecords } from './peers/local-records.ts';
import { createWebsiteService } from './peers/website/website.service.ts';
import { createPeerScheduler } from './peers/peer-scheduler.ts';
import { siteRoutes } from './peers/website/peers.routes.ts';
import { createSiteFront } from './peers/website/site-front.ts';
import { syncSiteRoutes } from './peers/website/sync-site.routes.ts';
import { createSiteSecrets, type SecretBox } from './peers/site-secret.ts';
import type { PassHook } from './peers/pass-points.ts';
import { createHubSecret } from './peers/site-secret.ts';
import { createHubService } from './peers/hub/hub.service.ts';
import { createHubSync } from './peers/hub/hub-sync.ts';
import { hubRoutes } from './peers/hub/hub.routes.ts';
import { wpPostRoutes } from './api/wp/wp-posts.routes.ts';
import { wpTermRoutes } from './api/wp/wp-terms.routes.ts';
import { wpUserRoutes } from './api/wp/wp-users.routes.ts';
import { WP_NAMESPACE } from './api/wp/wp-types.ts';
import { createWpPostReads } from './domain/posts/wp-post-reads.ts';
import { createCaldavCalendar } from './transfer/caldav/caldav-calendar.ts';

/** The spec's spelling and what existing TEC clients call: the same routes under both. */
const TEC_NAMESPACES = ['tribe/events/v1', 'calendar/events/v1'] as const;
export const MARQUEE_NAMESPACE = 'marquee/v1';

type ServiceDeps = {
  store: Store;
  settings: SettingsStore;
  clock: Clock;
  adminToken?: string | undefined;
  /** The secret that opens the owner's password-less session (none: one nobody knows). */
  ownerKey?: string | undefined;
  version: string;
  logger?: Logger | undefined;
  /** How the desktop shell encrypts the website's password (none: an owner-only file). */
  secretBox?: SecretBox | undefined;
  /** How often the website is asked for its changes (default 60 s). */
  sitePollSeconds?: number | undefined;
  /** A test's hook at the website sync's named points (peers/pass-points.ts). */
  siteHook?: PassHook | undefined;
  /** How often the hub is asked for its changes besides its stream (default 60 s; 0: never). */
  hubPollSeconds?: number | undefined;
  /** A test's hook at the hub sync's named points (peers/pass-points.ts). */
  hubHook?: PassHook | undefined;
};

const DEFAULT_SITE_POLL_SECONDS = 60;

export function createServices(deps: ServiceDeps) {
  const { db } = deps.store;
  const changes = createChangeLog(db);
  // A large import or restore leaves texts to index for search after it commits.
  changes.onCommit(() => deps.store.searchBackfill.schedule());
  const { users, posts, termsRepo, venues, organizers, terms, events, bookings } =
    createDomainServices(db, changes);
  // Texts stored before the rule of who may write HTML are cleaned by their author's role
  // before anything serves them (one query once they are): every host builds its services here.
  const cleanTextsBeforeRule = () => {
    const stored = cleanTextsBeforeHtmlRule({
      backlog: createHtmlRuleBacklog(db),
      users,
      changes,
      clock: deps.clock,
      kinds: { event: events, venue: venues, organizer: organizers },
    });
    if (stored > 0)
      deps.logger?.info(
        `Cleaned the markup of ${stored} records written by authors or contributors before their HTML was filtered.`,
      );
  };
  cleanTextsBeforeRule();
  const venueBodies = createTecLinkedPostBodies(venues, tecVenueBody);
  const organizerBodies = createTecLinkedPostBodies(organizers, tecOrganizerBody);
  const eventBodies = createTecEventBodies({
    users,
    venues: venueBodies,
    organizers: organizerBodies,
    terms,
  });
  // Started by whoever hosts the server (start-server.ts), not by one-off command-line runs.
  const publishing = createPublishScheduler({
    scheduled: createScheduledPostsRepo(db),
    changes,
    clock: deps.clock,
    logger: deps.logger,
  });
  // Started by whoever hosts the server, as publishing is.
  const seriesHorizon = createSeriesHorizon({
    extend: (now) => events.extendSeries(now),
    writable: () => changes.writable(),
    clock: deps.clock,
    logger: deps.logger,
  });
  const tokens = createAccessTokens({ users, clock: deps.clock, adminToken: deps.adminToken });

  const sessions = createSessions(deps.clock);
  const streams = new Set<Response>();
  const syncRepo = createSyncRepo(db);
  const sync = createSyncService({
    sync: syncRepo,
    changes,
    posts,
    termsRepo,
    events,
    venues,
    organizers,
    terms,
  });
  const snapshots = createSnapshots({
    db,
    changes,
    dataDir: deps.store.dataDir,
    clock: deps.clock,
    afterRestore: cleanTextsBeforeRule,
  });
  // Started by whoever hosts the server, as publishing is.
  const dailySnapshots = createDailySnapshots({
    snapshots,
    changes,
    clock: deps.clock,
    logger: deps.logger,
  });
  const transfer = createTransfer({
    db,
    changes,
    settings: deps.settings,
    clock: deps.clock,
    version: deps.version,
  });
  const records = { events, venues, organizers, terms };
  // Files and phones read and write the calendar through the same services.
  const calendarDoors = { db, changes, ...records, version: deps.version };
  const files = createCalendarFiles({
    ...calendarDoors,
    beforeImport: (events, write) => snapshots.beforeImport(events, write),
  });
  const caldav = createCaldavCalendar({
    ...calendarDoors,
    sync: syncRepo,
    settings: () => deps.settings.get(),
  });
  const peersRepo = createPeersRepo(db);
  const sitePollSeconds = deps.sitePollSeconds ?? DEFAULT_SITE_POLL_SECONDS;
  const site = createWebsiteService({
    repo: peersRepo,
    local: createLocalRecords({
      services: records,
      writers: createRecordWriters(records, { held: true }),
      sync: syncRepo,
      peers: peersRepo,
      changes,
    }),
    changes,
    clock: deps.clock,
    settings: deps.settings,
    owner: () => tokens.user(OWNER_ID),
    user: (id) => tokens.user(id),
    secrets: createSiteSecrets(deps.store.dataDir, deps.secretBox),
    pollSeconds: sitePollSeconds,
    hook: deps.siteHook,
  });
  // Started by whoever hosts the server, as publishing is.
  const siteSync = createPeerScheduler({
    service: site,
    changes,
    pollMs: sitePollSeconds * 1000,
    logger: deps.logger,
  });
  const hubLocal = createLocalRecords({
    services: records,
    writers: createRecordWriters(records, { held: true }),
    sync: syncRepo,
    peers: peersRepo,
    changes,
  });
  const hub = createHubService({
    repo: peersRepo,
    local: hubLocal,
    changes,
    clock: deps.clock,
    settings: deps.settings,
    owner: () => tokens.user(OWNER_ID),
    secret: createHubSecret(deps.store.dataDir, deps.secretBox),
    hook: deps.hubHook,
    handOver: (address) => site.handOver(address),
  });
  // Started by whoever hosts the server, as publishing is.
  const hubSync = createHubSync({
    service: hub,
    changes,
    settings: deps.settings,
    pollMs: (deps.hubPollSeconds ?? DEFAULT_SITE_POLL_SECONDS) * 1000,
    logger: deps.logger,
  });
  const siteFront = createSiteFront({ site, hub, scheduler: siteSync, clock: deps.clock });
  // Each namespace's route tables, each from its namespace's room (docs/architecture.md, "Where a
  // route table lives"; scripts/lint/route-rooms.js checks it). WordPress core's own namespace is
  // for the site builders and clients that read it.
  const routes = {
    'tribe/events/v1': [
      ...eventRoutes(events, eventBodies, {
        change: () => changes.latest(),
        settingsVersion: () => deps.settings.version(),
        eventsTouchedSince: (after, limit) => changes.eventsTouchedSince(after, limit),
        termCounts: (ids) => terms.counts(ids),
      }),
      ...venueRoutes(venueBodies),
      ...organizerRoutes(organizerBodies),
      ...termRoutes(terms),
    ],
    'marquee/v1': [
      ...healthRoutes(createStatsRepo(db), deps.version),
      ...seriesRoutes(events),
      ...bookingRoutes(bookings),
      ...sessionRoutes(sessions, deps.ownerKey ?? newOwnerKey(), () => tokens.user(OWNER_ID)),
      ...syncRoutes(sync, changes, streams, deps.version, deps.settings),
      ...settingsRoutes(deps.settings),
      ...tokenRoutes(tokens),
      ...transferRoutes(transfer, files),
      ...snapshotRoutes(snapshots),
      ...siteRoutes(siteFront, siteSync),
      ...syncSiteRoutes({ site, scheduler: siteSync, repo: peersRepo, clock: deps.clock }),
      ...hubRoutes(hub, hubSync),
    ],
    'wp/v2': [
      ...wpPostRoutes({
        reads: createWpPostReads(db, posts),
        eventBodies,
        venueBodies,
        organizerBodies,
        events,
        venues,
        organizers,
        terms,
        users,
      }),
      ...wpTermRoutes(terms),
      ...wpUserRoutes(),
    ],
  };
  const namespaces: Namespace[] = [
    ...TEC_NAMESPACES.map((name) =>
      withDiscovery({ name, routes: routes['tribe/events/v1'] }, true),
    ),
    withDiscovery({ name: MARQUEE_NAMESPACE, routes: routes[MARQUEE_NAMESPACE] }, false),
    withDiscovery({ name: WP_NAMESPACE, routes: routes[WP_NAMESPACE] }, false),
  ];
  return {
    tokens,
    sessions,
    events,
    venues,
    organizers,
    terms,
    changes,
    transfer,
    files,
    caldav,
    publishing,
    seriesHorizon,
    snapshots,
    dailySnapshots,
    site,
    siteFront,
    siteSync,
    hub,
    hubSync,
    namespaces,
    /** Ends open event streams (shutdown would otherwise wait for them). */
    closeStreams: () => {
      for (const stream of streams) stream.end();
    },
  };
}
