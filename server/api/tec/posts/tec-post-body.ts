/** What TEC's post bodies (events, venues, organizers) share: when the post is published. */
import { formatDateTime, parseDateInput } from '#shared/time/datetime.ts';

/** `date_utc` wins over `date` (read in the calendar's zone), as in WordPress. UTC result. */
export function publicationDate(
  body: { date?: string | number | undefined; date_utc?: string | number | undefined },
  timezone: string,
): string | undefined {
  const input = body.date_utc ?? body.date;
  if (input === undefined) return undefined;
  const parsed = parseDateInput(input, body.date_utc !== undefined ? 'UTC' : timezone);
  return parsed ? formatDateTime(parsed.setZone('UTC')) : undefined;
}
