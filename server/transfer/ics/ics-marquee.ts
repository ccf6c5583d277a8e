/**
 * What Marquee writes beside the standard properties so that its own export, imported again,
 * gives back the record (a calendar app ignores X- properties; RFC 5545 §3.8.8.2):
 *
 * - `X-MARQUEE-TAGS:jazz,late`: the tags. CATEGORIES holds the categories' names and then the
 *   tags' (apps show both); an import takes the names listed here out of CATEGORIES as tags.
 * - `X-MARQUEE-ORGANIZER;CN=…:mailto:…`: the organizers after the first, in ORGANIZER's form
 *   (RFC 5545 allows one ORGANIZER in a VEVENT).
 * - `X-MARQUEE-VENUE:name;address;city;region;zip;country`: the venue's parts, as vCard's ADR
 *   writes an address, where LOCATION has them joined by commas. Read only while the LOCATION
 *   still is what they make (an app that edited the LOCATION did not know this property).
 * - `X-MARQUEE-TIMEZONE:Europe/Lisbon`: the event's zone where DTSTART names none: an all-day
 *   event's DATE, or a time written in UTC (a zone without a VTIMEZONE, such as "UTC+2").
 * - `URL;X-MARQUEE-PAGE=TRUE:…`: the URL is the event's public page, not its own website.
 *
 * Values are TEXT escaped as RFC 5545 §3.3.11 says: a list's items are split on commas, the
 * venue's parts on semicolons, that the escaping keeps apart from those in the texts.
 */
import ICAL from 'ical.js';

export const MARQUEE = {
  tags: 'x-marquee-tags',
  organizer: 'x-marquee-organizer',
  venue: 'x-marquee-venue',
  timezone: 'x-marquee-timezone',
  page: 'x-marquee-page',
} as const;

/** The properties above: read into fields, never kept as lines an export writes back. */
export const MARQUEE_PROPERTIES = [
  MARQUEE.tags,
  MARQUEE.organizer,
  MARQUEE.venue,
  MARQUEE.timezone,
];

/** A text escaped as a TEXT value (`\`, `;`, `,` and newlines). */
export const escapeText = (text: string): string =>
  ICAL.stringify.value(text, 'text', ICAL.design.icalendar, false);

/** The parts of an escaped TEXT value split on `separator` (none: one part), each unescaped. */
function splitText(raw: string, separator?: ',' | ';'): string[] {
  const parts: string[] = [];
  let current = '';
  for (let at = 0; at < raw.length; at += 1) {
    const character = raw[at];
    if (character === '\\' && at + 1 < raw.length) {
      const next = raw[(at += 1)];
      current += next === 'n' || next === 'N' ? '\n' : next;
    } else if (character === separator) {
      parts.push(current);
      current = '';
    } else current += character;
  }
  parts.push(current);
  return parts;
}

/**
 * An X- property's value, unescaped, split on `separator`: ical.js gives an X- property's value
 * as written, unless a VALUE=TEXT parameter made it unescape it (then it is one part).
 */
export function partsOf(property: ICAL.Property, separator?: ',' | ';'): string[] {
  const value = String(property.getFirstValue() ?? '');
  return property.type === 'text' ? [value] : splitText(value, separator);
}
