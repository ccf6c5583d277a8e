/**
 * Date-time helpers shared by the server and the renderer (Luxon over Intl; no Node, no DOM).
 * The store and the wire use `YYYY-MM-DD HH:MM:SS` strings: local wall time plus an IANA zone
 * for event times, UTC for record dates.
 */
import { DateTime, IANAZone, type Zone } from 'luxon';
import { zoneNamed } from './cached-zone.ts';
import { intlTimeZone, isManualOffset } from './manual-offset.ts';
import { strtotime } from './strtotime.ts';
import { byZoneAndDay } from './zone-day-cache.ts';

export const DATE_TIME_FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** Zones known to be valid: checking builds an Intl formatter, too slow for every record. */
const validZones = new Set<string>();

/** An IANA zone, or an ISO offset ("+02:00", which Intl reads as a zone). */
export function isValidTimeZone(zone: string): boolean {
  if (validZones.has(zone)) return true;
  const valid = IANAZone.isValidZone(zone);
  // Only valid names are kept (a few hundred exist), so bad input cannot grow the set.
  if (valid) validZones.add(zone);
  return valid;
}

/** What an event's zone may be: a valid zone, or a WordPress manual offset ("UTC+2"). */
export function isValidEventTimeZone(zone: string): boolean {
  return isValidTimeZone(zone) || isManualOffset(zone);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

const STORED = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * Whether `text` is a date and time as the store keeps them: `YYYY-MM-DD HH:MM:SS` naming a day
 * on the calendar and a time of day (no 30 February, no 24:00, no 60th second). The write
 * command refuses a patch's dates by it, and the store's triggers (migration 0013) hold every
 * door to the same rule.
 */
export function isDateTime(text: string): boolean {
  const parts = STORED.exec(text)?.slice(1).map(Number);
  if (!parts) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts;
  // Day 0 of the next month is the month's last.
  const lastDay = new Date(utcMilliseconds(year, month + 1, 0, 0, 0, 0)).getUTCDate();
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= lastDay &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

export function formatDateTime(value: DateTime): string {
  // Luxon's toFormat tokenizes the pattern on every call; every stored event needs a few.
  if (!value.isValid || value.year < 0 || value.year > 9999)
    return value.toFormat(DATE_TIME_FORMAT);
  return `${pad(value.year, 4)}-${pad(value.month)}-${pad(value.day)} ${pad(value.hour)}:${pad(value.minute)}:${pad(value.second)}`;
}

/** A JS Date as a UTC `YYYY-MM-DD HH:MM:SS` string. */
export function toUtcString(value: Date): string {
  return formatDateTime(DateTime.fromJSDate(value, { zone: 'utc' }));
}

const wallFormatters = new Map<string, Intl.DateTimeFormat>();

/** Date.UTC without its reading of years 0–99 as 1900–1999. */
function utcMilliseconds(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.setUTCHours(hour, minute, second);
}

/** How far `zone`'s wall clock is ahead of UTC at `at`, in ms, through a cached Intl formatter. */
function offsetAt(zone: string, at: Date): number {
  let formatter = wallFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: intlTimeZone(zone),
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallFormatters.set(zone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(at)) parts[part.type] = part.value;
  const wall = utcMilliseconds(
    Number(parts.year),
    Number(parts.month),
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - at.getTime();
}

/** Offsets by zone and UTC day: every record on the wire needs a few wall times. */
const offsetOf = byZoneAndDay(offsetAt);

/**
 * A UTC `YYYY-MM-DD HH:MM:SS` string shown as wall time in `zone` (the offset is looked up, the
 * string made by hand: neither Luxon's parser nor an Intl call per record).
 */
export function utcToZone(utc: string, zone: string): string {
  if (zone === 'UTC') return utc;
  const at = utcMilliseconds(
    Number(utc.slice(0, 4)),
    Number(utc.slice(5, 7)),
    Number(utc.slice(8, 10)),
    Number(utc.slice(11, 13)),
    Number(utc.slice(14, 16)),
    Number(utc.slice(17, 19)),
  );
  // An unreadable string: looking its offset up gets Intl's RangeError.
  const wall = new Date(at + offsetOf(zone, new Date(at)));
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
}

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;
/** `yyyy-MM-dd[ HH:mm[:ss]]`, read by hand: Luxon's fromFormat is slow for imports. */
const PLAIN = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A wall time the clock shows twice (the hour daylight saving ends) read as PHP reads it, so
 * that an event gets the instant TEC gives it: PHP takes the zone's offset at the wall time
 * read as if it were UTC, which is the first reading in zones west of Greenwich (New York's
 * 01:30 on 1 Nov 2026 is EDT, 05:30 UTC) and the second east of it (Berlin's 02:30 on 25 Oct
 * is CET). Luxon's choice differs by zone. Any other time is left as read: a wall time that
 * does not exist (the hour skipped) moves forward in both.
 */
function asPhpReadsIt(parsed: DateTime): DateTime {
  const wall = utcMilliseconds(
    parsed.year,
    parsed.month,
    parsed.day,
    parsed.hour,
    parsed.minute,
    parsed.second,
  );
  const offset = parsed.zone.offset(wall);
  const instant = wall - offset * 60_000;
  if (instant === parsed.toMillis() || parsed.zone.offset(instant) !== offset) return parsed;
  return DateTime.fromMillis(instant, { zone: parsed.zone });
}

/** `zone`: as zoneNamed gives it (a name Luxon reads, or a zone). */
function plainDate(text: string, zone: Zone | string): DateTime | undefined {
  const parts = PLAIN.exec(text);
  if (!parts) return undefined;
  const [year, month, day, hour, minute, second] = parts.slice(1).map((part) => Number(part ?? 0));
  const parsed = DateTime.fromObject({ year, month, day, hour, minute, second }, { zone });
  return parsed.isValid ? asPhpReadsIt(parsed) : undefined;
}

/**
 * Reads a date the way TEC does: a Unix timestamp (any integer string, as TEC checks for
 * timestamps before strtotime), then as `parseDateText`. Undefined when it cannot be read.
 */
export function parseDateInput(
  input: string | number,
  zoneName: string,
  now: Date = new Date(),
): DateTime | undefined {
  if (typeof input === 'number' || NUMERIC.test(input)) {
    const parsed = DateTime.fromSeconds(Number(input), { zone: zoneNamed(zoneName) });
    return parsed.isValid ? parsed : undefined;
  }
  return parseDateText(input, zoneName, now);
}

/**
 * Reads a date's text as TEC's date parameters and its CSV importer do, without timestamps:
 * `YYYY-MM-DD[ HH:MM[:SS]]` or ISO 8601 (an offset in the string wins), then anything PHP's
 * strtotime reads ("11/19/14", "apr 19, 2016", "tomorrow 9am", "+1 week"), relative to `now`
 * and in `zone`. Undefined when it cannot be read.
 */
export function parseDateText(
  input: string,
  zoneName: string,
  now: Date = new Date(),
): DateTime | undefined {
  const zone = zoneNamed(zoneName);
  const text = input.trim();
  const plain = plainDate(text, zone);
  if (plain) return plain;
  const iso = DateTime.fromISO(text, { zone, setZone: true });
  // Without an offset of its own, an ISO time is a wall time in the zone.
  if (iso.isValid) return iso.zone === zone ? asPhpReadsIt(iso) : iso.setZone(zone);
  const relative = strtotime(text, zoneName, now);
  return relative ? DateTime.fromJSDate(relative, { zone }) : undefined;
}

/** True when the input names a fixed moment (timestamp, plain date or ISO), not one relative to now. */
export function isAbsoluteDateInput(input: string | number): boolean {
  if (typeof input === 'number' || NUMERIC.test(input)) return true;
  const text = input.trim();
  return plainDate(text, 'UTC') !== undefined || DateTime.fromISO(text).isValid;
}

type DateDetails = {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
};

/** TEC's `*_date_details`: the parts of a `YYYY-MM-DD HH:MM:SS` string, zero-padded strings. */
export function dateDetails(value: string): DateDetails {
  return {
    year: value.slice(0, 4),
    month: value.slice(5, 7),
    day: value.slice(8, 10),
    hour: value.slice(11, 13),
    minutes: value.slice(14, 16),
    seconds: value.slice(17, 19),
  };
}

export type EventTimes = { start: string; end: string; startUtc: string; endUtc: string };

/**
 * An event's local and UTC times from its start and end in its zone (TEC's write rules):
 * all-day events cover whole days, and an end before the start is moved to the start. The
 * server stores these; the replica computes the same before the server answers.
 */
export function snapEventTimes(start: DateTime, end: DateTime, allDay: boolean): EventTimes {
  let from: DateTime = start.set({ millisecond: 0 });
  let to: DateTime = end.setZone(start.zone).set({ millisecond: 0 });
  if (allDay) {
    from = from.startOf('day');
    to = to.endOf('day').set({ millisecond: 0 });
  }
  if (to < from) to = from;
  return {
    start: formatDateTime(from),
    end: formatDateTime(to),
    startUtc: formatDateTime(from.setZone('UTC')),
    endUtc: formatDateTime(to.setZone('UTC')),
  };
}

/** `snapEventTimes` for stored local times (`YYYY-MM-DD HH:MM:SS` in `zone`). */
export function eventTimesIn(
  start: string,
  end: string,
  zone: string,
  allDay: boolean,
): EventTimes {
  const named = zoneNamed(zone);
  const read = (text: string) =>
    plainDate(text, named) ?? DateTime.fromFormat(text, DATE_TIME_FORMAT, { zone: named });
  return snapEventTimes(read(start), read(end), allDay);
}
