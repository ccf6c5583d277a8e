/**
 * The calendar as the CalDAV door serves it: its objects, their writes and their changes, over
 * the services and repos every other door uses.
 */
import { createCaldavRepo } from '../../store/caldav.repo.ts';
import { createIcalRepo } from '../../store/ical.repo.ts';
import type { SyncRepo } from '../../store/sync.repo.ts';
import type { ImportDeps } from '../import/import-file.ts';
import { recordRepos } from '../record-repos.ts';
import { createCalendarChanges, type CalendarChanges } from './calendar-changes.ts';
import { createCalendarObjectWrites, type CalendarObjectWrites } from './calendar-object-writes.ts';
import { createCalendarObjects, type CalendarObjects } from './calendar-objects.ts';

/** The calendar as the CalDAV door serves it: its objects, their writes, their changes. */
export type CaldavCalendar = {
  objects: CalendarObjects;
  writes: CalendarObjectWrites;
  changes: CalendarChanges;
};

export function createCaldavCalendar(
  deps: Omit<ImportDeps, 'repos' | 'ical'> & {
    sync: SyncRepo;
    version: string;
    /** The calendar's settings as they are now. */
    settings: () => unknown;
  },
): CaldavCalendar {
  const repos = recordRepos(deps.db);
  const ical = createIcalRepo(deps.db);
  const caldav = createCaldavRepo(deps.db);
  const objects = createCalendarObjects({
    events: deps.events,
    repos,
    ical,
    caldav,
    version: deps.version,
  });
  return {
    objects,
    writes: createCalendarObjectWrites({ ...deps, repos, ical, objects, caldav }),
    changes: createCalendarChanges({
      objects,
      caldav,
      changes: deps.changes,
      sync: deps.sync,
      shape: () => [deps.version, deps.settings()],
    }),
  };
}
