/**
 * The events of an export as an ICS calendar: each with its web address and a SEQUENCE that grows
 * with every edit (the seconds from 2024 to its last change; for an imported event, the file's
 * SEQUENCE plus the revisions since the import). A series is one VEVENT with its rule, and each exception one with
 * its RECURRENCE-ID (ics-series.ts picks them). Occurrences of a series imported before series
 * were records of their own, not changed since, are left out: the kept rule gives them back.
 */
import type { Language } from '#shared/languages.ts';
import { pickTranslation } from '#shared/schemas/multilingual.ts';
import type { PostStatus } from '#shared/schemas/common.ts';
import { can } from '../auth/capabilities.ts';
import type { WireContext } from '../http/wire-context.ts';
import { mustRedact } from '../domain/posts/access.ts';
import { eventWebsite } from '../domain/events/event-website.ts';
import { publicUrl } from '../api/tec/posts/post-wire.ts';
import type { ExportEvent } from './export-records.ts';
import { writeIcs, type IcsEventInput } from './ics/ics-writer.ts';
import type { IcsSelection } from './ics-series.ts';
import type { StoredEvent } from '../store/events.repo.ts';

/** SEQUENCE's epoch: 2024 keeps the seconds since in a signed 32-bit integer until 2092. */
const SEQUENCE_EPOCH = Date.UTC(2024, 0, 1);

/**
 * An event's SEQUENCE: the seconds from 2024 to its last change. It grows with every edit, as
 * RFC 5545 asks, and unlike the change log's revision it survives a backup and restore, so a
 * restored calendar writes the same files and calendar apps never see an event's SEQUENCE go
 * down (they would ignore its next update).
 */
const sequenceOf = (modified: string) =>
  Math.max(0, Math.floor((Date.parse(`${modified.replace(' ', 'T')}Z`) - SEQUENCE_EPOCH) / 1000));

const visibleTo = (context: WireContext, record: { status: PostStatus; author: number }) =>
  record.status !== 'trash' && can.readPost(context.actor, record);

/** A series' parts as the file writes them: its rule, or an exception's place in it. */
function seriesParts(
  event: StoredEvent,
  selection: IcsSelection,
): Pick<IcsEventInput, 'rule' | 'override'> {
  const written = selection.series.get(event.recurrence ? event.id : (event.parentId ?? 0));
  if (!written) return {};
  const { series, trashed, uid } = written;
  if (event.recurrence)
    return {
      rule: {
        ...event.recurrence,
        exdates: [...new Set([...event.recurrence.exdates, ...trashed])].sort(),
      },
    };
  if (!event.recurrenceId) return {};
  const { timezone, allDay } = series;
  return { override: { uid, slot: event.recurrenceId, timezone, allDay } };
}

function* inputsOf(
  pages: Iterable<ExportEvent[]>,
  selection: IcsSelection,
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
        tags: locked ? [] : item.tags,
        urlIsPage: locked || !event.website,
        url: locked
          ? eventWebsite({ website: null }, context.settings, page)
          : eventWebsite(event, context.settings, page),
        sequence: ical ? ical.sequence + changed : sequenceOf(event.modified),
        ...seriesParts(event, selection),
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
  selection: IcsSelection,
  zones: string[],
  context: WireContext,
  options: { language: Language; name: string; version: string; object?: boolean },
): Generator<string> {
  return writeIcs(
    {
      name: options.name,
      language: options.language,
      defaultLanguage: context.settings.defaultLanguage,
      productVersion: options.version,
      zones,
      object: options.object ?? false,
    },
    inputsOf(pages, selection, context, options.language),
  );
}
