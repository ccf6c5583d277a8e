/**
 * The calendar's own settings (name, zone, default language, currency, public pages) with the hub,
 * at the start of every pass: one item, the newest change winning on every side
 * (server/settings/calendar-state.ts). A hub never set up takes this laptop's; a laptop never
 * set up takes the hub's, and its welcome is done. A hub too old to exchange them is left as it
 * is, and its records still sync.
 */
import type { SyncInfo } from '#shared/schemas/sync.ts';
import {
  calendarStateOf,
  sameCalendar,
  supersedes,
  takeCalendar,
} from '../../settings/calendar-state.ts';
import type { SettingsStore } from '../../settings/settings-file.ts';
import type { HubHttp } from './hub-http.ts';

/** Which way the settings went this pass, if any. */
type CalendarExchange = 'sent' | 'received' | undefined;

export async function exchangeCalendar(
  http: HubHttp,
  info: SyncInfo,
  settings: SettingsStore,
): Promise<CalendarExchange> {
  if (!info.calendarSettings) return undefined;
  const mine = calendarStateOf(settings);
  let hub = await http.calendar();
  let sent = false;
  if (supersedes(mine, hub)) {
    // The hub decides by the same rule: a newer change from another laptop may have come first.
    hub = await http.offerCalendar(mine);
    sent = sameCalendar(hub, mine);
  }
  // The hub's, where it is set and differs (a tie goes to the hub), or this side never was.
  if (hub.set && (!mine.set || !sameCalendar(hub, mine))) {
    takeCalendar(settings, hub);
    return 'received';
  }
  return sent ? 'sent' : undefined;
}
