/**
 * Which months (UTC, "YYYY-MM") an event touches, kept on each stored event as `monthKeys` and
 * indexed (multi-entry), so "events in this view" is an index lookup of a few months rather
 * than a scan: an interval-overlap query has no single index range. Events longer than
 * MAX_MONTHS get the key "long" instead, which every view also reads.
 */
export const LONG_EVENT_KEY = 'long';
const MAX_MONTHS = 36;

const monthOf = (utc: string) => utc.slice(0, 7);

function nextMonth(key: string): string {
  const [year = 0, month = 0] = key.split('-').map(Number);
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

/** Months from the one holding `startUtc` to the one holding `endUtc`, or undefined if too many. */
function monthsBetween(startUtc: string, endUtc: string, max = MAX_MONTHS): string[] | undefined {
  const last = monthOf(endUtc < startUtc ? startUtc : endUtc);
  const months = [monthOf(startUtc)];
  while (months.at(-1)! < last) {
    if (months.length >= max) return undefined;
    months.push(nextMonth(months.at(-1)!));
  }
  return months;
}

export function monthKeysOf(event: {
  startUtc?: unknown;
  endUtc?: unknown;
  recurrence?: unknown;
}): string[] {
  const { startUtc, endUtc } = event;
  // A series shows through its occurrences, each a record of its own.
  if (event.recurrence) return [];
  // Not an event the calendar can place (never so for a record the server sent).
  if (typeof startUtc !== 'string' || typeof endUtc !== 'string') return [];
  return monthsBetween(startUtc, endUtc) ?? [LONG_EVENT_KEY];
}

/** The keys to read for a view from `startUtc` to `endUtc`: its months, and the long events. */
export function monthKeysForRange(startUtc: string, endUtc: string): string[] {
  return [...(monthsBetween(startUtc, endUtc, 1200) ?? []), LONG_EVENT_KEY];
}
