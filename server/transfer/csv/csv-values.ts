/**
 * Cell values as TEC's importer reads them: booleans as yes/true/1, dates and
 * times as its REST API reads them (shared/time/datetime.ts: ISO, then PHP's strtotime), lists
 * comma-separated. Each parser returns undefined for "not given" and throws a CellError saying
 * what it expected for a value it cannot read.
 */
import { formatDateTime, isDateTime, parseDateText } from '#shared/time/datetime.ts';

export class CellError extends Error {}

const TRUE = new Set(['yes', 'y', 'true', '1', 'on']);
const FALSE = new Set(['no', 'n', 'false', '0', 'off']);

/**
 * yes/y/true/1/on and no/n/false/0/off, any case. TEC reads anything but yes/true/1 as false;
 * here any other value is a problem instead, so that an "x" meant as yes is not imported as no.
 */
export function readBoolean(value: string): boolean | undefined {
  const text = value.trim().toLowerCase();
  if (text === '') return undefined;
  if (TRUE.has(text)) return true;
  if (FALSE.has(text)) return false;
  throw new CellError('must be yes or no (or y/n, true/false, 1/0, on/off)');
}

/** The zone and moment a row's dates are read in and against ("tomorrow", "next friday"). */
type DateReading = { zone: string; now: Date };

/** A day, month and year as the text wrote them: 2027-02-30 names no day. */
function onTheCalendar(year: number, month: number, day: number): boolean {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** PHP's two-digit years: 70–99 are 19xx, 00–69 are 20xx. */
const fullYear = (year: string) =>
  year.length > 2 ? Number(year) : Number(year) + (Number(year) < 70 ? 2000 : 1900);

type NamedDay = { day: [number, number, number]; whole: boolean };

/**
 * The year, month and day a date's text names in figures or with a month's name, in the
 * shapes strtotime reads them: ISO (`2027-03-14`, `2027/3/14`), US (`03/14/2027`,
 * `11/19/14`), day first with hyphens or dots (`14-03-2027`, `14.03.2027`), two-digit years
 * first with hyphens (`14-03-27` is 2014-03-27, as PHP reads it; with dots only years 61–99,
 * as in PHP), and `apr 19, 2016` or `19 apr 2016`; `whole` when the text is that date and
 * nothing else. Undefined for any other text (relative ones: "next friday").
 */
function namedDay(text: string): NamedDay | 'unreadable' | undefined {
  const figures = /^(\d+)([-/.])(\d+)\2(\d+)(?=$|[ T])/.exec(text);
  if (figures) {
    const [all, first = '', separator, second = '', third = ''] = figures;
    const whole = all.length === text.length;
    if (first.length === 4) return { day: [Number(first), Number(second), Number(third)], whole };
    if (first.length > 2 || (third.length !== 2 && third.length !== 4)) return 'unreadable';
    // PHP reads `14.03.27` as the time 14:03:27 (years 61–99 only are dates with dots), which
    // in a date column would be today: a problem, not a guess.
    if (separator === '.' && third.length === 2 && Number(third) < 61) return 'unreadable';
    if (separator === '/') return { day: [fullYear(third), Number(first), Number(second)], whole };
    if (separator === '-' && third.length === 2)
      return { day: [fullYear(first), Number(second), Number(third)], whole };
    return { day: [fullYear(third), Number(second), Number(first)], whole };
  }
  const words =
    /^(?:([a-z]{3})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?|(\d{1,2})(?:st|nd|rd|th)?\.?\s+([a-z]{3})[a-z]*\.?,?)\s+(\d{4})\b/i.exec(
      text,
    );
  if (!words) return undefined;
  const month = MONTHS.indexOf((words[1] ?? words[4] ?? '').toLowerCase()) + 1;
  if (month === 0) return undefined;
  return {
    day: [Number(words[5]), month, Number(words[2] ?? words[3])],
    whole: words[0].length === text.length,
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A time of day written out: figures with a colon, or an hour with am/pm. */
const CLOCK = /\d:\d\d|\d\s*[ap]\.?m\b/i;

const DATE_SHAPES = 'must be a date like 2027-03-14 (or 03/14/2027, 14-03-2027, apr 19, 2016)';

/**
 * A date cell: `YYYY-MM-DD`, and the time of day when the cell carries one beside the date
 * (`2027-03-14 19:30`). Read as TEC's importer and its REST API read dates (parseDateText:
 * ISO, then PHP's strtotime, so `11/19/14`, `apr 19, 2016` and "next friday" read as there),
 * in the row's zone. Stricter than they are in one thing: a day the text names that is not
 * on the calendar (`2027-02-30`, which PHP carries over to 2 March) is a problem on the row's
 * line, as a file's typo is more likely than a meant overflow (docs/decisions.md).
 */
export function readDate(
  value: string,
  reading: DateReading,
): { date: string; time?: string } | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  const named = namedDay(text.toLowerCase());
  if (named === 'unreadable') throw new CellError(DATE_SHAPES);
  if (named && !onTheCalendar(...named.day)) throw new CellError('is not a date on the calendar');
  // A date alone is the day it names, as strtotime reads it (csv-values.test.ts compares the
  // two), without strtotime's hundred microseconds a cell: a 100k-row file has 200k of them.
  if (named?.whole) {
    const [year, month, day] = named.day;
    return { date: `${pad(year, 4)}-${pad(month)}-${pad(day)}` };
  }
  const parsed = parseDateText(text, reading.zone, reading.now);
  if (!parsed) throw new CellError(DATE_SHAPES);
  const stamp = formatDateTime(parsed);
  if (!isDateTime(stamp)) throw new CellError('is outside the years 0000 to 9999');
  // Only a time the cell writes ("19:30", "7 pm"): "+1 week" carries now's time of day.
  const time = CLOCK.test(text) ? stamp.slice(11) : '00:00:00';
  return { date: stamp.slice(0, 10), ...(time === '00:00:00' ? {} : { time }) };
}

/** What a time cell must hold for strtotime to read it as one: a figure, or noon or midnight. */
const TIME_WORDS = /\d|\bnoon\b|\bmidnight\b/i;

/**
 * `HH:MM:SS` of a time cell ("19:30", "7:30 pm", "7pm", "9:30:00", "noon"), read as TEC's
 * importer does: the date and the time together through strtotime (parseDateText). A time
 * that moves the date ("+1 day") or cannot be read is a problem. `date`: the row's date, or
 * any when it has none (the time's own problems are still named).
 */
export function readTime(
  value: string,
  date: string | undefined,
  reading: DateReading,
): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  // A clock's figures past its face ("25:00", "7:75 pm"), said as such rather than unreadable;
  // one on its face is the time strtotime reads (csv-values.test.ts compares the two), without
  // strtotime's cost. A wall time in a DST gap is moved by the write, as the API's is.
  const clock = /^(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*(?:([ap])\.?m\.?)?$/i.exec(text);
  if (clock && (clock[2] !== undefined || clock[4] !== undefined)) {
    const [hours, minutes, seconds] = [clock[1], clock[2], clock[3]].map((part) =>
      Number(part ?? 0),
    ) as [number, number, number];
    const half = clock[4]?.toLowerCase();
    if (hours > (half ? 12 : 23) || minutes > 59 || seconds > 59)
      throw new CellError('is not a time of day');
    if (!half || hours > 0) {
      const hour = half ? (hours % 12) + (half === 'p' ? 12 : 0) : hours;
      return `${pad(hour)}:${pad(minutes)}:${pad(seconds)}`;
    }
  }
  const day = date ?? '2001-01-01';
  const parsed = TIME_WORDS.test(text)
    ? parseDateText(`${day} ${text}`, reading.zone, reading.now)
    : undefined;
  if (!parsed || !isDateTime(formatDateTime(parsed)))
    throw new CellError('must be a time like 19:30 or 7:30 pm');
  const stamp = formatDateTime(parsed);
  if (stamp.slice(0, 10) !== day) throw new CellError('is not a time of day');
  return stamp.slice(11);
}

const QUOTING = '(a name with a comma goes whole in quotes: "Woodhouse, Chelsea S.")';

/**
 * A comma-separated list, trimmed, without empty or repeated items. An item that starts with a
 * double quote runs to its closing quote, commas included, with "" for a quote inside it (a
 * list cell quoted the way CSV quotes a cell): `Acme Events, "Woodhouse, Chelsea S."` is two
 * organizers. A quote elsewhere in an item is the item's own (`5" Records`). TEC's importer
 * has no quoting inside a cell: it splits on every comma and, for organizers only, joins an
 * item with the next when that pair names an organizer it already has. Marquee reads the
 * quotes instead, so a file means the same whatever the calendar holds (docs/decisions.md).
 */
export function readList(value: string): string[] {
  const items: string[] = [];
  let at = 0;
  while (at <= value.length) {
    while (value[at] === ' ' || value[at] === '\t') at++;
    let item: string;
    if (value[at] === '"') {
      item = '';
      let end = at + 1;
      for (;;) {
        const quote = value.indexOf('"', end);
        if (quote === -1) throw new CellError(`has a quote that is not closed ${QUOTING}`);
        item += value.slice(end, quote);
        if (value[quote + 1] !== '"') {
          end = quote + 1;
          break;
        }
        item += '"';
        end = quote + 2;
      }
      const comma = value.indexOf(',', end);
      const rest = value.slice(end, comma === -1 ? value.length : comma);
      if (rest.trim() !== '')
        throw new CellError(`has text after the closing quote of "${item}" ${QUOTING}`);
      at = comma === -1 ? value.length + 1 : comma + 1;
    } else {
      const comma = value.indexOf(',', at);
      item = value.slice(at, comma === -1 ? value.length : comma);
      at = comma === -1 ? value.length + 1 : comma + 1;
    }
    item = item.trim();
    if (item) items.push(item);
  }
  return [...new Set(items)];
}

/** A list cell readList gives back: items with a comma or a quote are quoted, "" for a quote. */
export function writeList(items: readonly string[]): string {
  return items
    .map((item) => (/[",]/.test(item) ? `"${item.replaceAll('"', '""')}"` : item))
    .join(', ');
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** Spreadsheet-safe export: a leading ' keeps a value from being run as a formula. */
export function guardFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Import takes back the ' a spreadsheet-safe export put before such a value. */
export function unguardFormula(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
