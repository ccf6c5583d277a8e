/**
 * An event's web address, as the API's `website` and an ICS file's URL give it: the event's own
 * website, else its public page on the venue's site when settings name a URL pattern (TEC falls
 * back to the permalink). Never the editor's own link: a website build would publish it, and an
 * ICS file would carry it back in as the website on the next import.
 */
import type { CalendarEvent } from '#shared/schemas/event.ts';
import type { Settings } from '#shared/schemas/settings.ts';

export function eventWebsite(
  event: Pick<CalendarEvent, 'website'>,
  settings: Settings,
  publicPage: string,
): string {
  if (event.website) return event.website;
  return settings.publicUrls.event ? publicPage : '';
}
