/** The date (`YYYY-MM-DD`) an instant falls on in a zone; one formatter per zone. */
const formats = new Map<string, Intl.DateTimeFormat>();

export function calendarDay(zone: string, at: Date): string {
  let format = formats.get(zone);
  if (!format) formats.set(zone, (format = new Intl.DateTimeFormat('en-CA', { timeZone: zone })));
  return format.format(at);
}
