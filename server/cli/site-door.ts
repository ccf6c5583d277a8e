/**
 * Where `marquee site …` does its work: here, or in the server running on the data directory
 * (peer-door.ts).
 */
import type {
  ConflictChoice,
  SiteConflict,
  SiteConnection,
  SiteStatus,
  SiteTest,
} from '#shared/schemas/site.ts';
import type { PeerLogEntry, SyncSummary } from '#shared/schemas/peer.ts';
import { openPeerDoor, plainly } from './peer-door.ts';

type SiteDoor = {
  test(connection: SiteConnection): Promise<SiteTest>;
  connect(connection: SiteConnection): Promise<{ status: SiteStatus; summary: SyncSummary }>;
  sync(dryRun: boolean): Promise<SyncSummary>;
  status(): Promise<SiteStatus>;
  log(limit: number): Promise<PeerLogEntry[]>;
  conflicts(): Promise<SiteConflict[]>;
  resolve(id: number, keep: ConflictChoice): Promise<{ status: SiteStatus }>;
  disconnect(): Promise<SiteStatus>;
  close(): void;
};

/** The door for `dataDir`: the running server's, or the calendar's own. */
export function openSiteDoor(dataDir: string): SiteDoor {
  return openPeerDoor<SiteDoor>(
    dataDir,
    { command: 'marquee site', settings: 'Settings → Website' },
    // The website as the editor sees it: the calendar's own, or its hub's (site-front.ts).
    ({ siteFront: site }, close) => ({
      test: (connection) => plainly(() => site.test(connection)),
      connect: (connection) => plainly(() => site.connect(connection)),
      sync: (dryRun) => plainly(() => site.sync({ dryRun, full: true })),
      status: () => plainly(() => site.status()),
      log: (limit) => plainly(() => site.log(limit)),
      conflicts: () => plainly(() => site.conflicts()),
      resolve: (id, keep) => plainly(() => site.resolve(id, keep)),
      disconnect: () => plainly(() => site.disconnect()),
      close,
    }),
    (ask) => ({
      test: (connection) => ask('PUT', 'site', { ...connection, confirm: false }),
      connect: (connection) => ask('PUT', 'site', { ...connection, confirm: true }),
      sync: async (dryRun) =>
        (await ask<{ summary: SyncSummary }>('POST', 'site/sync', { dryRun })).summary,
      status: () => ask('GET', 'site'),
      log: (limit) => ask('GET', `site/log?limit=${limit}`),
      conflicts: () => ask('GET', 'site/conflicts'),
      resolve: (id, keep) => ask('POST', `site/conflicts/${id}`, { keep }),
      disconnect: () => ask('DELETE', 'site'),
      close: () => undefined,
    }),
  );
}
