/**
 * Times in the calendar's views, written by Intl whole, in the UI language with the user's own
 * clock (12/24 h). FullCalendar would otherwise splice a locale's hour word with its own day
 * period ("8:00 ч. – 10:00 ч.pm" in Bulgarian); Intl's formatRange writes a range as the
 * language does ("20:00 – 22:00 ч.", "8:00 – 10:00 PM").
 */
type WallTime = { array: number[] };
type FormattingData = { start: WallTime; end?: WallTime | null };

/** FullCalendar's wall time (its fields in the calendar's zone) as a Date read in UTC. */
const asUtc = ({ array }: WallTime) => {
  const [year = 1970, month = 0, day = 1, hour = 0, minute = 0] = array;
  return new Date(Date.UTC(year, month, day, hour, minute));
};

export function timeFormatter(language: string, hour12: boolean) {
  const format = new Intl.DateTimeFormat(language, {
    hour: 'numeric',
    minute: '2-digit',
    hour12,
    timeZone: 'UTC',
  });
  return ({ start, end }: FormattingData): string =>
    end ? format.formatRange(asUtc(start), asUtc(end)) : format.format(asUtc(start));
}
