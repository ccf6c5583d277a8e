/**
 * The date (`YYYY-MM-DD`) an instant falls on in a zone; one formatter per zone, and the last
 * answer per zone kept for its minute (every request asks, and days begin on a whole minute).
 */
const formats = new Map<string, Intl.DateTimeFormat>();
const lastDay = new Map<string, { minute: number; day: string }>();

export function calendarDay(zone: string, at: Date): string {
  const minute = Math.floor(at.getTime() / 60_000);
  const known = lastDay.get(zone);
  if (known?.minute === minute) return known.day;
  let format = formats.get(zone);
  if (!format) formats.set(zone, (format = new Intl.DateTimeFormat('en-CA', { timeZone: zone })));
  const day = format.format(at);
  lastDay.set(zone, { minute, day });
  return day;
}
