/**
 * The transfer room: backups and the calendar's files (CSV, ICS) with their route table, and the
 * calendar as the CalDAV door serves it (its routes are the /dav/ door's, app.ts). Files and
 * phones read and write the calendar through the same services as every other door.
 */
import type { Clock } from '../clock.ts';
import type { DomainServices } from '../domain/domain-services.ts';
import type { RouteSpec } from '../http/routes.ts';
import type { SettingsStore } from '../settings/settings-file.ts';
import type { ChangeLog } from '../store/change-log.repo.ts';
import type { Database } from '../store/database.ts';
import type { SyncRepo } from '../store/sync.repo.ts';
import { createCaldavCalendar, type CaldavCalendar } from './caldav/caldav-calendar.ts';
import { createCalendarFiles, type CalendarFiles } from './calendar-files.ts';
import { transferRoutes } from './transfer.routes.ts';
import { createTransfer, type Transfer } from './transfer.service.ts';

export type TransferRoom = {
  transfer: Transfer;
  files: CalendarFiles;
  caldav: CaldavCalendar;
  routes: { 'marquee/v1': RouteSpec[] };
};

export function wireTransfer(deps: {
  db: Database;
  changes: ChangeLog;
  records: Pick<DomainServices, 'events' | 'venues' | 'organizers' | 'terms'>;
  syncRepo: SyncRepo;
  settings: SettingsStore;
  clock: Clock;
  version: string;
  /** Runs an import's write; a large one is snapshotted first (snapshots-room.ts). */
  beforeImport: <T>(events: number, write: () => Promise<T>) => Promise<T>;
}): TransferRoom {
  const { db, changes, version } = deps;
  const transfer = createTransfer({
    db,
    changes,
    settings: deps.settings,
    clock: deps.clock,
    version,
  });
  const calendarDoors = { db, changes, ...deps.records, version };
  const files = createCalendarFiles({ ...calendarDoors, beforeImport: deps.beforeImport });
  const caldav = createCaldavCalendar({
    ...calendarDoors,
    sync: deps.syncRepo,
    settings: () => deps.settings.get(),
  });
  return {
    transfer,
    files,
    caldav,
    routes: { 'marquee/v1': [...transferRoutes(transfer, files)] },
  };
}
