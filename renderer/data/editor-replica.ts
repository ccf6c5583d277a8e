/**
 * The editor's replica: IndexedDB "marquee" in this browser profile (every tab and window
 * shares it), synced with the server the page came from, with the credentials the page
 * started with (editor-access.ts). It starts syncing at once; the UI reads it through hooks.ts.
 */
import { DEFAULT_LANGUAGE, isLanguage } from '#shared/languages.ts';
import { currencySchema } from '#shared/schemas/settings.ts';
import { createAdminApi, type AdminApi } from './api/admin-api.ts';
import { createApiClient, type Credentials } from './api/client.ts';
import { MarqueeDB } from './db.ts';
import { createReplica, type CalendarSettings, type Replica } from './replica.ts';
import { httpTransport } from './sync/transport.ts';

const CALENDAR_KEY = 'marquee.calendar';

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
    };
  } catch {
    return fallback;
  }
}

/** The editor's replica, and its line to the server's own API (one set of credentials). */
export function openEditorReplica(credentials: Credentials): { replica: Replica; api: AdminApi } {
  const origin = () => window.location.origin;
  const replica = createReplica({
    db: new MarqueeDB('marquee'),
    transport: httpTransport(origin, credentials),
    // Large pages: a first sync of a big calendar makes few round trips (the server's maximum).
    pullLimit: 5000,
    calendar: lastCalendar(),
  });
  replica.onCalendar((calendar) => localStorage.setItem(CALENDAR_KEY, JSON.stringify(calendar)));
  replica.engine.start();
  return { replica, api: createAdminApi(createApiClient(origin, credentials)) };
}
