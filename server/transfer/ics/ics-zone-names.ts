/**
 * The IANA zone a TZID names when it is not an IANA name itself, as Outlook, Exchange and older
 * tools write them without a VTIMEZONE:
 * - a Windows zone id ("W. Europe Standard Time"): CLDR's windowsZones, through windows-iana;
 * - a Windows display name ("(UTC-05:00) Eastern Time (US & Canada)", "(GMT+10:00) Canberra,
 *   Melbourne, Sydney", "Amsterdam, Berlin, Bern, Rome…"): by the cities it lists (the first that
 *   is an IANA zone's city, as IANA names zones by their largest city), else by the words of the
 *   Windows names that list no city (DISPLAY_NAMES);
 * - a fixed offset ("UTC+01", "GMT-5"), or only the offset a display name begins with: the
 *   Etc/GMT zone of that offset (whole hours; IANA writes their signs the POSIX way round);
 * - an old path-style id ("/mozilla.org/20050126_1/Europe/Berlin") by its IANA tail.
 * No maintained list of Windows display names ships in node_modules (CLDR keeps the ids only),
 * so the few that name no city are written out here, from Windows' own time zone list.
 */
import { findIana, IANA_ALIAS_MAP } from 'windows-iana';
import { isValidTimeZone } from '#shared/time/datetime.ts';

/** How a zone was found: `offset` has no daylight saving time, so the import says so. */
type ZoneReading = { zone: string; how: 'iana' | 'windows' | 'display' | 'offset' };

/** Windows display names that list no city (lower case, "&" as "and"), by Windows id. */
const DISPLAY_NAMES: Record<string, string> = {
  'eastern time (us and canada)': 'Eastern Standard Time',
  'central time (us and canada)': 'Central Standard Time',
  'mountain time (us and canada)': 'Mountain Standard Time',
  'pacific time (us and canada)': 'Pacific Standard Time',
  'atlantic time (canada)': 'Atlantic Standard Time',
  alaska: 'Alaskan Standard Time',
  hawaii: 'Hawaiian Standard Time',
  arizona: 'US Mountain Standard Time',
  'indiana (east)': 'US Eastern Standard Time',
  newfoundland: 'Newfoundland Standard Time',
  saskatchewan: 'Canada Central Standard Time',
  'central america': 'Central America Standard Time',
  'baja california': 'Pacific Standard Time (Mexico)',
  'aleutian islands': 'Aleutian Standard Time',
  'easter island': 'Easter Island Standard Time',
  haiti: 'Haiti Standard Time',
  'turks and caicos': 'Turks And Caicos Standard Time',
  brasilia: 'E. South America Standard Time',
  salvador: 'Bahia Standard Time',
  greenland: 'Greenland Standard Time',
  'cabo verde is.': 'Cape Verde Standard Time',
  'cape verde is.': 'Cape Verde Standard Time',
  'coordinated universal time': 'UTC',
  'west central africa': 'W. Central Africa Standard Time',
  'port louis': 'Mauritius Standard Time',
  ekaterinburg: 'Ekaterinburg Standard Time',
  astana: 'Central Asia Standard Time',
  'sri jayawardenepura': 'Sri Lanka Standard Time',
  "nuku'alofa": 'Tonga Standard Time',
  'international date line west': 'Dateline Standard Time',
  'marquesas islands': 'Marquesas Standard Time',
  samoa: 'Samoa Standard Time',
};

const OFFSET = /^(?:UTC|GMT)\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?$/i;
const DISPLAY_PREFIX = /^\((?:UTC|GMT)\s*(?:([+-])(\d{1,2}):?(\d{2}))?\)\s*/i;

/** Etc/GMT-1 is UTC+1: the zone of a whole-hour offset, or undefined. */
function offsetZone(sign: string, hours: string, minutes = '00'): string | undefined {
  const hour = Number(hours);
  if (Number(minutes) !== 0 || hour > 14) return undefined;
  if (hour === 0) return 'Etc/UTC';
  const zone = `Etc/GMT${sign === '+' ? '-' : '+'}${hour}`;
  return isValidTimeZone(zone) ? zone : undefined;
}

let byCity: Map<string, string> | undefined;

/** "sydney" → Australia/Sydney, from every zone the runtime knows and CLDR's aliases. */
function cities(): Map<string, string> {
  if (byCity) return byCity;
  byCity = new Map();
  const aliases = Object.values(IANA_ALIAS_MAP).flatMap((entry) => entry.alias);
  const names = [...Intl.supportedValuesOf('timeZone'), ...aliases];
  for (const name of names) {
    const city = name.split('/').at(-1)?.replaceAll('_', ' ').toLowerCase();
    if (city && name.includes('/') && !byCity.has(city) && isValidTimeZone(name))
      byCity.set(city, name);
  }
  return byCity;
}

function displayZone(text: string): string | undefined {
  const words = text.toLowerCase().replaceAll('&', 'and').replace(/\s+/g, ' ').trim();
  const windows = DISPLAY_NAMES[words];
  if (windows) return findIana(windows)[0];
  for (const part of words.split(/[,;]|\(|\)/)) {
    const city = part.replace(/\.\.\.|…/g, '').trim();
    const zone = city && cities().get(city);
    if (zone) return zone;
  }
  return undefined;
}

/** The IANA zone a TZID names, and how it was found; undefined when it names none. */
export function readZoneName(tzid: string): ZoneReading | undefined {
  const name = tzid.trim().replace(/^"(.*)"$/, '$1');
  if (isValidTimeZone(name)) return { zone: name, how: 'iana' };
  const windows = findIana(name)[0];
  if (windows) return { zone: windows, how: 'windows' };
  const parts = name.split('/');
  for (let from = 1; from < parts.length - 1; from += 1) {
    const tail = parts.slice(from).join('/');
    if (isValidTimeZone(tail)) return { zone: tail, how: 'iana' };
  }
  const offset = OFFSET.exec(name);
  if (offset) {
    const zone = offsetZone(offset[1]!, offset[2]!, offset[3]);
    return zone ? { zone, how: 'offset' } : undefined;
  }
  const prefix = DISPLAY_PREFIX.exec(name);
  const display = displayZone(prefix ? name.slice(prefix[0].length) : name);
  if (display) return { zone: display, how: 'display' };
  if (prefix?.[1]) {
    const zone = offsetZone(prefix[1], prefix[2]!, prefix[3]);
    if (zone) return { zone, how: 'offset' };
  }
  if (prefix && !prefix[1]) return { zone: 'Etc/UTC', how: 'offset' };
  return undefined;
}
