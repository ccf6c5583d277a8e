/**
 * A calendar opened for work without a request (command line, benchmarks): its services and
 * files acting as its owner, as the desktop editor does, with the wire context a request would
 * give (its URLs at the configured port).
 */
import type { Language } from '#shared/languages.ts';
import type { Settings } from '#shared/schemas/settings.ts';
import { OWNER_ID } from '../auth/principal.ts';
import { systemClock, type Clock } from '../clock.ts';
import { apiUrlsAt } from '../http/api-urls.ts';
import type { WireContext } from '../http/wire-context.ts';
import { createServices } from '../services.ts';
import { loadSettings } from '../settings/settings-file.ts';
import { openStore, type Store } from '../store/open-store.ts';
import { searchIndexComplete } from '../store/search-backlog.ts';
import { VERSION } from '../version.ts';

type OwnerCalendarOptions = {
  lock: boolean;
  language?: Language | undefined;
  overrides?: Partial<Settings>;
  clock?: Clock;
};

export function openOwnerCalendar(dataDir: string, options: OwnerCalendarOptions) {
  const clock = options.clock ?? systemClock;
  const store = openStore(dataDir, { lock: options.lock });
  const settings = loadSettings(dataDir, options.overrides);
  const services = createServices({ store, settings, clock, version: VERSION });
  const calendar = settings.get();
  const context: WireContext = {
    language: options.language ?? calendar.defaultLanguage,
    settings: calendar,
    actor: services.tokens.user(OWNER_ID),
    urls: apiUrlsAt(`http://127.0.0.1:${calendar.port}`),
    namespace: 'marquee/v1',
    now: clock.now(),
  };
  return { store, context, files: services.files, transfer: services.transfer };
}

/**
 * Before a command-line tool exits: indexes for search what its load left unindexed (the data
 * is already committed; a tool stopped here leaves the rest to the next start).
 */
export function finishSearchIndex(store: Store): void {
  if (searchIndexComplete(store.db)) return;
  console.log('Indexing the new texts for search…');
  store.searchBackfill.finish();
}
