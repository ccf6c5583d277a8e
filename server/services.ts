/**
 * Composition root: each room wires itself (its `*-room.ts`) from what the rooms below it hand
 * up, and this file composes them, lowest first, into the services and the namespaces (route
 * tables) the API serves. createApp wires these into Express (docs/architecture.md, "How the
 * server is put together").
 */
import { wireMarqueeApi } from './api/marquee/marquee-room.ts';
import { wireTec, type TecRoom } from './api/tec/tec-room.ts';
import { wireWp } from './api/wp/wp-room.ts';
import type { Clock } from './clock.ts';
import { wireDomain, type DomainRoom } from './domain/domain-room.ts';
import { withDiscovery, type Namespace } from './http/discovery/describe.ts';
import type { Logger } from './logger.ts';
import { wirePeers, type PeersOptions, type PeersRoom } from './peers/peers-room.ts';
import type { SettingsStore } from './settings/settings-file.ts';
import { wireSignIn, type SignInRoom } from './sign-in/sign-in-room.ts';
import { wireSnapshots, type SnapshotsRoom } from './snapshots/snapshots-room.ts';
import type { Store } from './store/open-store.ts';
import { wireSync, type SyncRoom } from './sync/sync-room.ts';
import { wireTransfer, type TransferRoom } from './transfer/transfer-room.ts';
import { WP_NAMESPACE } from './api/wp/wp-types.ts';

/** The spec's spelling and what existing TEC clients call: the same routes under both. */
const TEC_NAMESPACES = ['tribe/events/v1', 'calendar/events/v1'] as const;
export const MARQUEE_NAMESPACE = 'marquee/v1';

type ServiceDeps = PeersOptions & {
  store: Store;
  settings: SettingsStore;
  clock: Clock;
  adminToken?: string | undefined;
  /** The secret that opens the owner's password-less session (none: one nobody knows). */
  ownerKey?: string | undefined;
  version: string;
  logger?: Logger | undefined;
};

/** What the hosts (app.ts, start-server.ts, the command line) use of the rooms. */
export type Services = Pick<SignInRoom, 'tokens' | 'sessions'> &
  Pick<DomainRoom, 'events' | 'venues' | 'organizers' | 'terms' | 'changes'> &
  Pick<DomainRoom, 'publishing' | 'seriesHorizon'> &
  Omit<TransferRoom, 'routes'> &
  Omit<SnapshotsRoom, 'routes'> &
  Omit<PeersRoom, 'routes'> &
  Pick<SyncRoom, 'closeStreams'> &
  Pick<TecRoom, 'residentJson'> & { namespaces: Namespace[] };

export function createServices(deps: ServiceDeps): Services {
  const { store, settings, clock, logger, version } = deps;
  const { db } = store;
  const domain = wireDomain({ store, clock, logger });
  const { changes, events, venues, organizers, terms } = domain;
  const records = { events, venues, organizers, terms };
  const signIn = wireSignIn({
    users: domain.users,
    clock,
    adminToken: deps.adminToken,
    ownerKey: deps.ownerKey,
    lastChange: () => changes.latest(),
  });
  const sync = wireSync({ db, changes, domain, settings, version });
  const snapshots = wireSnapshots({
    store,
    changes,
    clock,
    logger,
    afterRestore: domain.cleanTextsBeforeRule,
  });
  const transfer = wireTransfer({
    db,
    changes,
    records,
    syncRepo: sync.syncRepo,
    settings,
    clock,
    version,
    beforeImport: (events, write) => snapshots.snapshots.beforeImport(events, write),
  });
  const peers = wirePeers({
    ...deps,
    db,
    dataDir: store.dataDir,
    changes,
    records,
    syncRepo: sync.syncRepo,
    tokens: signIn.tokens,
  });
  const tec = wireTec({ domain, changes, settings });
  const wp = wireWp({ db, domain, changes, tec });
  const marquee = wireMarqueeApi({
    db,
    domain,
    signIn,
    settings,
    version,
    rooms: { sync, transfer, snapshots, peers },
  });
  const namespaces: Namespace[] = [
    ...TEC_NAMESPACES.map((name) =>
      withDiscovery({ name, routes: tec.routes['tribe/events/v1'] }, true),
    ),
    withDiscovery({ name: MARQUEE_NAMESPACE, routes: marquee.routes[MARQUEE_NAMESPACE] }, false),
    withDiscovery({ name: WP_NAMESPACE, routes: wp.routes[WP_NAMESPACE] }, false),
  ];
  return {
    tokens: signIn.tokens,
    sessions: signIn.sessions,
    ...records,
    changes,
    transfer: transfer.transfer,
    files: transfer.files,
    caldav: transfer.caldav,
    publishing: domain.publishing,
    seriesHorizon: domain.seriesHorizon,
    snapshots: snapshots.snapshots,
    dailySnapshots: snapshots.dailySnapshots,
    site: peers.site,
    siteFront: peers.siteFront,
    siteSync: peers.siteSync,
    hub: peers.hub,
    hubSync: peers.hubSync,
    residentJson: tec.residentJson,
    namespaces,
    closeStreams: sync.closeStreams,
  };
}
