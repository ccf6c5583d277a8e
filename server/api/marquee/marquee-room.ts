/**
 * Marquee's own namespace: the `marquee/v1` routes that have no room of their own (health,
 * series, bookings, the editor's session, settings, tokens), listed with the route tables the
 * feature rooms (sync, transfer, snapshots, peers) hand up, in the order they are described.
 */
import type { DomainServices } from '../../domain/domain-services.ts';
import type { RouteSpec } from '../../http/routes.ts';
import type { SettingsStore } from '../../settings/settings-file.ts';
import type { SignInRoom } from '../../sign-in/sign-in-room.ts';
import type { Database } from '../../store/database.ts';
import { createStatsRepo } from '../../store/stats.repo.ts';
import { bookingRoutes } from './bookings/bookings.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { seriesRoutes } from './series/series.routes.ts';
import { sessionRoutes } from './session/session.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { tokenRoutes } from './tokens/tokens.routes.ts';

type MarqueeRoom = { routes: { 'marquee/v1': RouteSpec[] } };

/** Each feature room's `marquee/v1` route tables. */
type FeatureRoutes = { routes: { 'marquee/v1': RouteSpec[] } };

export function wireMarqueeApi(deps: {
  db: Database;
  domain: DomainServices;
  signIn: SignInRoom;
  settings: SettingsStore;
  version: string;
  rooms: {
    sync: FeatureRoutes;
    transfer: FeatureRoutes;
    snapshots: FeatureRoutes;
    peers: FeatureRoutes;
  };
}): MarqueeRoom {
  const { signIn, rooms } = deps;
  return {
    routes: {
      'marquee/v1': [
        ...healthRoutes(createStatsRepo(deps.db), deps.version),
        ...seriesRoutes(deps.domain.events),
        ...bookingRoutes(deps.domain.bookings),
        ...sessionRoutes(signIn.sessions, signIn.ownerKey, signIn.owner),
        ...rooms.sync.routes['marquee/v1'],
        ...settingsRoutes(deps.settings),
        ...tokenRoutes(signIn.tokens),
        ...rooms.transfer.routes['marquee/v1'],
        ...rooms.snapshots.routes['marquee/v1'],
        ...rooms.peers.routes['marquee/v1'],
      ],
    },
  };
}
