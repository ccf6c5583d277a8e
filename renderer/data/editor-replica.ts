/**
 * The editor's replica: an IndexedDB database in this browser profile (every tab and window
 * shares it), synced with the server the page came from, with the credentials the page
 * started with (editor-access.ts). It starts syncing at once; the UI reads it through hooks.ts.
 *
 * One database per calendar: an address (a port on this computer) may serve one data folder
 * today and another tomorrow. Each replica knows its calendar's id; a server that holds another
 * one refuses it, and the page opens that calendar's replica instead, so neither calendar takes
 * the other's records or the changes typed for it, which wait in their own replica.
 */
import { DEFAULT_LANGUAGE, isLanguage } from '#shared/languages.ts';
import { currencySchema } from '#shared/schemas/settings.ts';
import { createAdminApi, type AdminApi } from './api/admin-api.ts';
import { createApiClient, type Credentials } from './api/client.ts';
import { MarqueeDB } from './db.ts';
import { createReplica, type CalendarSettings, type Replica } from './replica.ts';
import { httpTransport } from './sync/transport.ts';

const CALENDAR_KEY = 'marquee.calendar';
const REPLICAS_KEY = 'marquee.replicas';
/** Set for the page that opens after the address began serving another calendar. */
const SWITCHED_KEY = 'marquee.calendarSwitched';
/** The database of a replica opened before it knew its calendar (the first one, and older ones). */
const FIRST_REPLICA = 'marquee';

/** Which calendar this address served last, and each calendar's database. */
type Replicas = { current?: string; databases: Record<string, string> };

function knownReplicas(): Replicas {
  try {
    const saved = JSON.parse(localStorage.getItem(REPLICAS_KEY) ?? '{}') as Partial<Replicas>;
    return {
      ...(typeof saved.current === 'string' && { current: saved.current }),
      databases: typeof saved.databases === 'object' && saved.databases ? saved.databases : {},
    };
  } catch {
    return { databases: {} };
  }
}

/** Remembers that `calendar`'s replica is `database`, and that this address serves it now. */
function rememberReplica(calendar: string, database: string): void {
  const known = knownReplicas();
  if (known.current === calendar && known.databases[calendar] === database) return;
  const databases = { ...known.databases, [calendar]: known.databases[calendar] ?? database };
  localStorage.setItem(REPLICAS_KEY, JSON.stringify({ current: calendar, databases }));
}

/** The database of the calendar this address served last. */
function currentDatabase(): string {
  const { current, databases } = knownReplicas();
  if (!current) return FIRST_REPLICA;
  return databases[current] ?? `${FIRST_REPLICA}-${current}`;
}

/** Offline at start: the settings the server last named, else this computer's zone. */
function lastCalendar(): CalendarSettings {
  const fallback = {
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    defaultLanguage: DEFAULT_LANGUAGE,
  };
  try {
    const saved = JSON.parse(
      localStorage.getItem(CALENDAR_KEY) ?? '{}',
    ) as Partial<CalendarSettings>;
    return {
      timezone: typeof saved.timezone === 'string' ? saved.timezone : fallback.timezone,
      defaultLanguage: isLanguage(saved.defaultLanguage) ? saved.defaultLanguage : DEFAULT_LANGUAGE,
      currency: currencySchema.safeParse(saved.currency).data,
      ...(typeof saved.name === 'string' && { name: saved.name }),
      ...(typeof saved.clashHolds === 'boolean' && { clashHolds: saved.clashHolds }),
    };
  } catch {
    return fallback;
  }
}

/** The editor's replica, and its line to the server's own API (one set of credentials). */
export function openEditorReplica(credentials: Credentials): { replica: Replica; api: AdminApi } {
  const origin = () => window.location.origin;
  const database = currentDatabase();
  const replica = createReplica({
    db: new MarqueeDB(database),
    transport: httpTransport(origin, credentials),
    // Large pages: a first sync of a big calendar makes few round trips (the server's maximum).
    pullLimit: 5000,
    calendar: lastCalendar(),
    onMirrors: (calendar) => rememberReplica(calendar, database),
    onOtherCalendar: (calendar) => {
      rememberReplica(calendar, `${FIRST_REPLICA}-${calendar}`);
      sessionStorage.setItem(SWITCHED_KEY, '1');
      window.location.reload();
    },
  });
  replica.onCalendar((calendar) => localStorage.setItem(CALENDAR_KEY, JSON.stringify(calendar)));
  replica.engine.start();
  const api = createAdminApi(
    createApiClient(origin, credentials),
    createApiClient(origin, credentials, 'wp/v2'),
  );
  return { replica, api };
}

/** Whether this page opened because its address began serving another calendar (asked once). */
export function takeCalendarSwitched(): boolean {
  const switched = sessionStorage.getItem(SWITCHED_KEY) === '1';
  sessionStorage.removeItem(SWITCHED_KEY);
  return switched;
}
