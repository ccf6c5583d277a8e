/**
 * Cell values as TEC's importer reads them (anchors.md §3.1): booleans as yes/true/1, dates as
 * ISO (recommended), US `mm/dd/yyyy` with slashes or day-first `dd-mm-yyyy` with hyphens, times
 * in 12 or 24 hours, lists comma-separated. Each parser returns undefined for "not given" and
 * throws a CellError saying what it expected for a value it cannot read.
 */
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

const pad = (n: number) => String(n).padStart(2, '0');

function validDate(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    throw new CellError('is not a date on the calendar');
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** `YYYY-MM-DD` from ISO, US (slashes) or day-first (hyphens) dates. */
export function readDate(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  let match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T].*)?$/.exec(text);
  if (match) return validDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (match) return validDate(Number(match[3]), Number(match[1]), Number(match[2]));
  match = /^(\d{1,2})[-.](\d{1,2})[-.](\d{4})$/.exec(text);
  if (match) return validDate(Number(match[3]), Number(match[2]), Number(match[1]));
  throw new CellError('must be a date like 2027-03-14 (or 03/14/2027, or 14-03-2027)');
}

/** `HH:MM:SS` from 24-hour or 12-hour times ("19:30", "7:30 pm", "7pm", "19:30:15"). */
export function readTime(value: string): string | undefined {
  const text = value.trim().toLowerCase();
  if (text === '') return undefined;
  const match =
    /^(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*([ap])\.?m?\.?$|^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(
      text,
    );
  if (!match) throw new CellError('must be a time like 19:30 or 7:30 pm');
  const twelve = match[4] !== undefined;
  let hours = Number(twelve ? match[1] : match[5]);
  const minutes = Number((twelve ? match[2] : match[6]) ?? 0);
  const seconds = Number((twelve ? match[3] : match[7]) ?? 0);
  if (twelve) {
    if (hours < 1 || hours > 12) throw new CellError('must be a time like 19:30 or 7:30 pm');
    hours = (hours % 12) + (match[4] === 'p' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59 || seconds > 59) throw new CellError('is not a time of day');
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
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
