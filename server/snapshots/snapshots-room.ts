/**
 * The snapshots room: the snapshots service, the daily snapshot whoever hosts the server starts
 * (start-server.ts), and its route table.
 */
import type { Clock } from '../clock.ts';
import type { RouteSpec } from '../http/routes.ts';
import type { Logger } from '../logger.ts';
import type { ChangeLog } from '../store/change-log.repo.ts';
import type { Store } from '../store/open-store.ts';
import { createDailySnapshots, type DailySnapshots } from './daily-snapshots.ts';
import { snapshotRoutes } from './snapshots.routes.ts';
import { createSnapshots, type Snapshots } from './snapshots.service.ts';

export type SnapshotsRoom = {
  snapshots: Snapshots;
  /** Started by whoever hosts the server, as publishing is. */
  dailySnapshots: DailySnapshots;
  routes: { 'marquee/v1': RouteSpec[] };
};

export function wireSnapshots(deps: {
  store: Store;
  changes: ChangeLog;
  clock: Clock;
  logger?: Logger | undefined;
  /** What a restore runs once it is done (the texts it brought back are cleaned). */
  afterRestore: () => void;
}): SnapshotsRoom {
  const snapshots = createSnapshots({
    db: deps.store.db,
    changes: deps.changes,
    dataDir: deps.store.dataDir,
    clock: deps.clock,
    afterRestore: deps.afterRestore,
  });
  const dailySnapshots = createDailySnapshots({
    snapshots,
    changes: deps.changes,
    clock: deps.clock,
    logger: deps.logger,
  });
  return { snapshots, dailySnapshots, routes: { 'marquee/v1': [...snapshotRoutes(snapshots)] } };
}
