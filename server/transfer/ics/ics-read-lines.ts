/**
 * ICS content lines: the file's bytes as text, lines unfolded with the physical line each
 * starts on (ical.js tells no lines), and the line ical.js cannot read when it refuses a file.
 */
import ICAL from 'ical.js';

/** Dates, maybe with a `Z` as Google writes them (`RDATE:20131210Z`), read as those dates. */
const BARE_DATE = /^([A-Z-]+)((?:;[^:]*)?):(\d{8}Z?(?:,\d{8}Z?)*)$/i;
const DATE_PROPERTIES = new Set(['DTSTART', 'DTEND', 'RECURRENCE-ID', 'EXDATE', 'RDATE']);

/**
 * A date written without VALUE=DATE, which ical.js would read as a broken date-time, with it
 * (and without a `Z` after a date, which no reader takes as more than the date).
 */
export function withValueDate(line: string, name: string): string | undefined {
  if (!DATE_PROPERTIES.has(name) || !BARE_DATE.test(line)) return undefined;
  const valued = /;VALUE=/i.test(line);
  if (valued && !/\dZ(,|$)/i.test(line)) return undefined;
  const [, property = '', params = '', dates = ''] = BARE_DATE.exec(line) ?? [];
  const bare = dates.replace(/Z/gi, '');
  return `${property}${params}${valued ? '' : ';VALUE=DATE'}:${bare}`;
}

/** The property name of a content line, upper-cased (`DTSTART` in `DTSTART;TZID=…:…`). */
export function nameOf(line: string): string {
  let end = 0;
  while (end < line.length && line[end] !== ';' && line[end] !== ':') end += 1;
  return line.slice(0, end).toUpperCase();
}

/**
 * The file as text, without a BOM. RFC 5545 lets a fold split a multi-byte UTF-8 character:
 * such a fold is moved past the character first, which keeps both the text and the line count.
 */
export function icsText(input: string | Uint8Array): string {
  if (typeof input === 'string') return input.replace(/^\uFEFF/, '');
  const bom = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf ? 3 : 0;
  const bytes = Buffer.from(input.subarray(bom)); // a copy: folds are moved in place
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) {
    if (bytes[at + 1] !== 32 && bytes[at + 1] !== 9) continue;
    let continued = 0;
    while ((bytes[at + 2 + continued] ?? 0) >> 6 === 0b10) continued += 1;
    if (continued === 0) continue;
    const fold = bytes[at - 1] === 13 ? at - 1 : at;
    const moved = Buffer.from(bytes.subarray(fold, at + 2));
    bytes.copyWithin(fold, at + 2, at + 2 + continued);
    moved.copy(bytes, fold + continued);
  }
  return bytes.toString('utf8');
}

/** Calls `onLine` with each unfolded content line, its first physical line, and its span. */
export function eachContentLine(
  text: string,
  onLine: (line: string, number: number, from: number, to: number) => void,
): number {
  let current: string | undefined;
  let start = 0;
  let from = 0;
  let to = 0;
  let physical = 0;
  for (let at = 0; at < text.length;) {
    const newline = text.indexOf('\n', at);
    const next = newline === -1 ? text.length : newline + 1;
    const end =
      newline > 0 && text[newline - 1] === '\r' ? newline - 1 : newline === -1 ? next : newline;
    physical += 1;
    const folded = text[at] === ' ' || text[at] === '\t';
    if (folded && current !== undefined) {
      current += text.slice(at + 1, end);
      to = end;
    } else {
      if (current !== undefined) onLine(current, start, from, to);
      // Blank lines are skipped: exporters leave them between components.
      const blank = end === at || (folded && !text.slice(at, end).trim());
      current = blank ? undefined : text.slice(at, end);
      start = physical;
      from = at;
      to = end;
    }
    at = next;
  }
  if (current !== undefined) onLine(current, start, from, to);
  return physical;
}

/**
 * After ical.js refused a text: each line it cannot read, found line by line, with why (named
 * by its property), given to `found` as it is found (a list of them could be as long as the
 * text). `firstLine`: the physical line the text begins on in the file. Returns how many.
 */
export function eachUnreadableLine(
  text: string,
  firstLine: number,
  found: (line: number, message: string) => void,
): number {
  let count = 0;
  eachContentLine(text, (line, number) => {
    const name = nameOf(line);
    if (name === 'BEGIN' || name === 'END') return;
    try {
      ICAL.parse.property(withValueDate(line, name) ?? line);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      count += 1;
      found(firstLine - 1 + number, `${name}: ${why}`);
    }
  });
  return count;
}
