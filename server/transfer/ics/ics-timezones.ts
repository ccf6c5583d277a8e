/**
 * VTIMEZONE blocks for IANA zones, from timezones-ical-library (vzic's output for the current
 * rules, with transitions from 1970). Clients that know the IANA name (Google, Apple, Outlook,
 * Home Assistant) use their own tzdata; the block is for those that do not.
 */
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';

const UTC_NAMES = /^(?:Etc\/)?(?:UTC|UCT|GMT(?:[+-]?0)?|Universal|Zulu|Greenwich)$/;

/** Zones whose times are written in UTC form (`…Z`) and need no VTIMEZONE. */
export function isUtcZone(zone: string): boolean {
  return UTC_NAMES.test(zone);
}

let knownZones: ReadonlySet<string> | undefined;

/** The library logs to the console for names it lacks, so they are checked first. */
function isKnownZone(zone: string): boolean {
  // Without its `json` flag the library answers an array.
  knownZones ??= new Set(tzlib_get_timezones() as string[]);
  return knownZones.has(zone);
}

const blocks = new Map<string, readonly string[]>();

/**
 * The VTIMEZONE of `zone` as unfolded lines, or undefined when the library lacks it. Its TZID is
 * the name asked for: the library answers aliases with the canonical zone (Asia/Calcutta gives
 * Asia/Kolkata), and DTSTART's TZID must match a VTIMEZONE's.
 */
export function vtimezoneLines(zone: string): readonly string[] | undefined {
  if (!isKnownZone(zone)) return undefined;
  let lines = blocks.get(zone);
  if (!lines) {
    const answer = tzlib_get_ical_block(zone);
    const block = Array.isArray(answer) ? answer[0] : undefined;
    if (!block) return undefined;
    lines = block
      .split(/\r?\n/)
      .filter((line) => line !== '')
      .map((line) => (line.startsWith('TZID:') ? `TZID:${zone}` : line));
    // Only names the library knows get here, so the map stays within a few hundred entries.
    blocks.set(zone, lines);
  }
  return lines;
}
