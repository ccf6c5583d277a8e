/**
 * The peers room: the website sync (website/) and the hub (hub/), each with the scheduler whoever
 * hosts the server starts (start-server.ts), the editor's front of both, and their route tables.
 * Each peer writes through the kind's write command, held as a sync push is, acting as the owner.
 */
import { OWNER_ID } from '../auth/principal.ts';
import type { Clock } from '../clock.ts';
import type { DomainServices } from '../domain/domain-services.ts';
import type { RouteSpec } from '../http/routes.ts';
import type { Logger } from '../logger.ts';
import type { SettingsStore } from '../settings/settings-file.ts';
import type { AccessTokens } from '../sign-in/access-tokens.service.ts';
import type { ChangeLog } from '../store/change-log.repo.ts';
import type { Database } from '../store/database.ts';
import { createPeersRepo } from '../store/peers.repo.ts';
import type { SyncRepo } from '../store/sync.repo.ts';
import { createRecordWriters } from '../sync/mutations.ts';
import { createHubSync, type HubSync } from './hub/hub-sync.ts';
import { hubRoutes } from './hub/hub.routes.ts';
import { createHubService, type HubService } from './hub/hub.service.ts';
import { createLocalRecords } from './local-records.ts';
import type { PassHook } from './pass-points.ts';
import { createPeerScheduler, type PeerScheduler } from './peer-scheduler.ts';
import { createHubSecret, createSiteSecrets, type SecretBox } from './site-secret.ts';
import { siteRoutes } from './website/peers.routes.ts';
import { createSiteFront, type SiteFront } from './website/site-front.ts';
import { syncSiteRoutes } from './website/sync-site.routes.ts';
import { createWebsiteService, type WebsiteService } from './website/website.service.ts';

const DEFAULT_POLL_SECONDS = 60;

export type PeersRoom = {
  site: WebsiteService;
  siteFront: SiteFront;
  /** Started by whoever hosts the server, as publishing is. */
  siteSync: PeerScheduler;
  hub: HubService;
  /** Started by whoever hosts the server, as publishing is. */
  hubSync: HubSync;
  routes: { 'marquee/v1': RouteSpec[] };
};

export type PeersOptions = {
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

export function wirePeers(
  deps: PeersOptions & {
    db: Database;
    dataDir: string;
    changes: ChangeLog;
    records: Pick<DomainServices, 'events' | 'venues' | 'organizers' | 'terms'>;
    syncRepo: SyncRepo;
    tokens: AccessTokens;
    settings: SettingsStore;
    clock: Clock;
    logger?: Logger | undefined;
  },
): PeersRoom {
  const { changes, records, tokens, clock } = deps;
  const peersRepo = createPeersRepo(deps.db);
  // Each peer its own local records, over the same held writers a sync push uses.
  const localRecords = () =>
    createLocalRecords({
      services: records,
      writers: createRecordWriters(records, { held: true }),
      sync: deps.syncRepo,
      peers: peersRepo,
      changes,
    });
  const sitePollSeconds = deps.sitePollSeconds ?? DEFAULT_POLL_SECONDS;
  /** What both peers' services are built on: the links store, this calendar, its owner. */
  const peerBase = () => ({
    repo: peersRepo,
    local: localRecords(),
    changes,
    clock,
    settings: deps.settings,
    owner: () => tokens.user(OWNER_ID),
  });
  const site = createWebsiteService({
    ...peerBase(),
    user: (id) => tokens.user(id),
    secrets: createSiteSecrets(deps.dataDir, deps.secretBox),
    pollSeconds: sitePollSeconds,
    hook: deps.siteHook,
  });
  const siteSync = createPeerScheduler({
    service: site,
    changes,
    pollMs: sitePollSeconds * 1000,
    logger: deps.logger,
  });
  const hub = createHubService({
    ...peerBase(),
    secret: createHubSecret(deps.dataDir, deps.secretBox),
    hook: deps.hubHook,
    handOver: (address) => site.handOver(address),
  });
  const hubSync = createHubSync({
    service: hub,
    changes,
    settings: deps.settings,
    pollMs: (deps.hubPollSeconds ?? DEFAULT_POLL_SECONDS) * 1000,
    logger: deps.logger,
  });
  const siteFront = createSiteFront({ site, hub, scheduler: siteSync, clock });
  return {
    site,
    siteFront,
    siteSync,
    hub,
    hubSync,
    routes: {
      'marquee/v1': [
        ...siteRoutes(siteFront, siteSync),
        ...syncSiteRoutes({ site, scheduler: siteSync, repo: peersRepo, clock }),
        ...hubRoutes(hub, hubSync),
      ],
    },
  };
}
