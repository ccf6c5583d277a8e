/**
 * TEC's `timezone_abbr`, as PHP prints it from tzdata ("CET", "EST", "ACST", "JST"). ICU knows
 * each abbreviation only in some English locales, so several are tried; a few tzdata names ICU
 * lacks are listed; anything else is PHP's numeric form ("-03", "+0530").
 */
import { isManualOffset } from './manual-offset.ts';
import { byZoneAndDay } from './zone-day-cache.ts';

const LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN', 'en-NZ'];

/** tzdata abbreviations of zones without daylight saving time that ICU shows only as offsets. */
const TZDATA: Readonly<Record<string, string>> = {
  'Asia/Tokyo': 'JST',
  'Asia/Seoul': 'KST',
  'Asia/Shanghai': 'CST',
  'Asia/Taipei': 'CST',
  'Asia/Hong_Kong': 'HKT',
  'Asia/Karachi': 'PKT',
  'Asia/Jakarta': 'WIB',
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function shortName(zone: string, locale: string, at: Date): string {
  const key = `${locale}|${zone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' });
    formatters.set(key, formatter);
  }
  return formatter.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** "GMT-3" → "-03", "GMT+5:30" → "+0530", as PHP shows zones without a letter abbreviation. */
function numeric(name: string): string {
  const match = /^GMT([+-])(\d{1,2})(?::(\d{2}))?$/.exec(name);
  if (!match) return name;
  const [, sign, hours = '0', minutes] = match;
  return `${sign}${hours.padStart(2, '0')}${minutes ?? ''}`;
}

/** PHP names an offset zone ("+02:00") "GMT+0200". */
const ISO_OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/** Abbreviations found, by zone and UTC day (zone-day-cache.ts). */
export const timeZoneAbbreviation = byZoneAndDay(abbreviationAt);

function abbreviationAt(zone: string, at: Date): string {
  const listed = TZDATA[zone];
  if (listed) return listed;
  // TEC answers a manual offset's abbreviation with the offset itself.
  if (isManualOffset(zone)) return zone;
  const offset = ISO_OFFSET.exec(zone);
  if (offset) return `GMT${offset[1]}${offset[2]}${offset[3]}`;
  let fallback = '';
  for (const locale of LOCALES) {
    const name = shortName(zone, locale, at);
    if (!/^GMT[+-]/.test(name)) return name;
    fallback ||= name;
  }
  return numeric(fallback);
}
