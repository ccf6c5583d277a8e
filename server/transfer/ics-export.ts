/**
 * The events of an export as an ICS calendar: each with its web address and a SEQUENCE that grows
 * with every edit (the record's revision; for an imported event, the file's SEQUENCE plus the
 * revisions since the import). Occurrences of an imported series that were not changed since
 * are left out: the series' rule gives them back to whoever reads the file.
 */
import type { Language } from '#shared/languages.ts';
import { pickTranslation } from '#shared/schemas/multilingual.ts';
import type { PostStatus } from '#shared/schemas/common.ts';
import { can } from '../auth/capabilities.ts';
import type { WireContext } from '../resources/wire-context.ts';
import { mustRedact } from '../domain/posts/access.ts';
import { eventWebsite } from '../domain/events/event-website.ts';
import { publicUrl } from '../resources/posts/post-wire.ts';
import type { ExportEvent } from './export-records.ts';
import { writeIcs, type IcsEventInput } from './ics/ics-writer.ts';

const visibleTo = (context: WireContext, record: { status: PostStatus; author: number }) =>
  record.status !== 'trash' && can.readPost(context.actor, record);

function* inputsOf(
  pages: Iterable<ExportEvent[]>,
  context: WireContext,
  language: Language,
): Generator<IcsEventInput> {
  for (const page of pages)
    for (const item of page) {
      const { event, ical } = item;
      const changed = ical ? Math.max(0, event.rev - ical.importedRev) : 0;
      if (ical?.seriesUid && ical.recurrence.length === 0 && changed === 0) continue;
      const slug =
        pickTranslation(event.slug, language, context.settings.defaultLanguage)?.value ?? '';
      const page = publicUrl(context, 'event', event.id, slug);
      // What the API shows this caller: a protected event keeps its details on the site (its
      // public page at most), and linked records show only when the caller may read them.
      const locked = mustRedact(event, context, undefined);
      yield {
        event: locked ? { ...event, image: '' } : event,
        venue: !locked && item.venue && visibleTo(context, item.venue) ? item.venue : null,
        organizers: locked ? [] : item.organizers.filter((one) => visibleTo(context, one)),
        categories: locked ? [] : item.categories,
        url: locked
          ? eventWebsite({ website: null }, context.settings, page)
          : eventWebsite(event, context.settings, page),
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
  context: WireContext,
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
