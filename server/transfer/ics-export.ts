/**
 * The events of an export as an ICS calendar: each with its web address and a SEQUENCE that grows
 * with every edit (the record's revision; for an imported event, the file's SEQUENCE plus the
 * revisions since the import). Occurrences of an imported series that were not changed since
 * are left out: the series' rule gives them back to whoever reads the file.
 */
import type { Language } from '#shared/languages.ts';
import { pickTranslation } from '#shared/schemas/multilingual.ts';
import type { RequestContext } from '../http/request-context.ts';
import { eventWebsite } from '../resources/events/event-website.ts';
import { publicUrl } from '../resources/posts/post-wire.ts';
import type { ExportEvent } from './export-records.ts';
import { writeIcs, type IcsEventInput } from './ics/ics-writer.ts';

function* inputsOf(
  pages: Iterable<ExportEvent[]>,
  context: RequestContext,
  language: Language,
): Generator<IcsEventInput> {
  for (const page of pages)
    for (const item of page) {
      const { event, ical } = item;
      const changed = ical ? Math.max(0, event.rev - ical.importedRev) : 0;
      if (ical?.seriesUid && ical.recurrence.length === 0 && changed === 0) continue;
      const slug =
        pickTranslation(event.slug, language, context.settings.defaultLanguage)?.value ?? '';
      yield {
        event,
        venue: item.venue,
        organizers: item.organizers,
        categories: item.categories,
        url: eventWebsite(event, context.settings, publicUrl(context, 'event', event.id, slug)),
        sequence: ical ? ical.sequence + changed : event.rev,
        ...(ical
          ? {
              ical: {
                uid: ical.uid,
                sequence: ical.sequence,
                recurrence: ical.recurrence,
                extra: ical.extra,
                ...(ical.seriesUid ? { seriesUid: ical.seriesUid } : {}),
              },
            }
          : {}),
      };
    }
}

export function icsChunks(
  pages: Iterable<ExportEvent[]>,
  zones: string[],
  context: RequestContext,
  options: { language: Language; name: string; version: string },
): Generator<string> {
  return writeIcs(
    {
      name: options.name,
      language: options.language,
      defaultLanguage: context.settings.defaultLanguage,
      productVersion: options.version,
      zones,
    },
    inputsOf(pages, context, options.language),
  );
}
