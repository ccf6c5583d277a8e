/**
 * Lines of files from the wild that say plainly what they mean, though not as RFC 5545 wants:
 * read as meant, each with a note naming its line, rather than refusing the event.
 *
 * - A time property whose VALUE= names the other kind than all its values are (dates under
 *   VALUE=DATE-TIME, date-times under VALUE=DATE): read as written, as Python's icalendar does.
 * - An RRULE with blanks in it (`BYDAY=1MO ,2TU`, written by hand or by a template): read
 *   without them (ical.js refuses "1MO " as a weekday, and then the whole file).
 */
import type { ImportNote } from '#shared/schemas/transfer.ts';

const TIME_PROPERTIES = new Set(['DTSTART', 'DTEND', 'RECURRENCE-ID', 'EXDATE', 'RDATE']);
const DATE = /^\d{8}Z?$/;
const DATE_TIME = /^\d{8}T\d{6}Z?$/;
const VALUE_PARAM = /;VALUE=(DATE-TIME|DATE)(?=;|$)/i;

type Repair = { line: string; note: Pick<ImportNote, 'key' | 'params' | 'message'> };

/** The value after the first `:` outside quotes, and where it begins. */
function valueAt(line: string): number {
  let quoted = false;
  for (let at = 0; at < line.length; at += 1) {
    if (line[at] === '"') quoted = !quoted;
    else if (line[at] === ':' && !quoted) return at + 1;
  }
  return -1;
}

/** The line as it is meant, and what was changed; undefined when it is fine as it is. */
export function repairedLine(name: string, line: string): Repair | undefined {
  const at = valueAt(line);
  if (at === -1) return undefined;
  const params = line.slice(name.length, at - 1);
  const value = line.slice(at);
  if (name === 'RRULE' || name === 'EXRULE') {
    if (!/\s/.test(value.trim())) return undefined;
    return {
      line: `${line.slice(0, at)}${value.replace(/\s+/g, '')}`,
      note: {
        key: 'ruleSpaces',
        params: { property: name },
        message: `${name} has blanks in it: read without them`,
      },
    };
  }
  if (!TIME_PROPERTIES.has(name)) return undefined;
  const named = VALUE_PARAM.exec(params)?.[1]?.toUpperCase();
  if (!named) return undefined;
  const items = value.split(',').map((item) => item.trim());
  const other = named === 'DATE' ? DATE_TIME : DATE;
  if (items.length === 0 || !items.every((item) => other.test(item))) return undefined;
  const written = named === 'DATE' ? 'DATE-TIME' : 'DATE';
  return {
    line: `${name}${params.replace(VALUE_PARAM, '')}:${items.join(',')}`,
    note: {
      key: 'valueType',
      params: { property: name, said: named, written },
      message: `${name} says VALUE=${named} but is written as a ${written.toLowerCase()}: read as written`,
    },
  };
}
