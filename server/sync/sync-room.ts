/**
 * The sync room: the replica protocol's service over the sync repo, its route table and the
 * event streams open to editors (ended at shutdown).
 */
import type { Response } from 'express';
import type { DomainServices } from '../domain/domain-services.ts';
import type { RouteSpec } from '../http/routes.ts';
import type { SettingsStore } from '../settings/settings-file.ts';
import type { ChangeLog } from '../store/change-log.repo.ts';
import type { Database } from '../store/database.ts';
import { createSyncRepo, type SyncRepo } from '../store/sync.repo.ts';
import { syncRoutes } from './sync.routes.ts';
import { createSyncService, type SyncService } from './sync.service.ts';

export type SyncRoom = {
  /** The sync repo, which the files, CalDAV and peers rooms read too. */
  syncRepo: SyncRepo;
  sync: SyncService;
  routes: { 'marquee/v1': RouteSpec[] };
  /** Ends open event streams (shutdown would otherwise wait for them). */
  closeStreams: () => void;
};

export function wireSync(deps: {
  db: Database;
  changes: ChangeLog;
  domain: DomainServices;
  settings: SettingsStore;
  version: string;
}): SyncRoom {
  const { changes } = deps;
  const { posts, termsRepo, events, venues, organizers, terms } = deps.domain;
  const streams = new Set<Response>();
  const syncRepo = createSyncRepo(deps.db);
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
  return {
    syncRepo,
    sync,
    routes: { 'marquee/v1': [...syncRoutes(sync, changes, streams, deps.version, deps.settings)] },
    closeStreams: () => {
      for (const stream of streams) stream.end();
    },
  };
}
