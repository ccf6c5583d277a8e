/**
 * Saving the event editor: linked records named but not yet existing are created first, then
 * the event is created or patched, all in one replica transaction (and so one sync batch). An
 * occurrence's patch goes with the scope the user answered (this, following or all).
 * An edit of a record that changed since the form opened (another tab or browser, the API, a
 * sync, an import) merges: what only the user changed is saved, what both changed is filed as a
 * conflict for the user to decide (records.updateFrom).
 */
import type { Language } from '#shared/languages.ts';
import type { Kind, RecordOf } from '#shared/kinds/registry.ts';
import type { Scope } from '#shared/series/occurrences.ts';
import type { LinkChoice } from '../../forms/link-choice.ts';
import type { RecordsRepo } from '../../data/repos/records.repo.ts';
import { eventPatchOf, type EventFormValues, type EventLinks } from './event-form.ts';

/** `details`: fields of a record to create besides its name (a new venue's address). */
async function resolve(
  records: RecordsRepo,
  kind: Kind,
  choices: readonly LinkChoice[],
  language: Language,
  details: Readonly<Record<string, string>> = {},
): Promise<string[]> {
  const uuids: string[] = [];
  for (const choice of choices) {
    uuids.push(
      'uuid' in choice
        ? choice.uuid
        : await records.create(kind, { name: { [language]: choice.create }, ...details }),
    );
  }
  return uuids;
}

/** The address typed for a new venue, without the fields left empty. */
const addressOf = (values: EventFormValues) =>
  Object.fromEntries(
    Object.entries(values.newVenue)
      .map(([field, text]) => [field, text.trim()])
      .filter(([, text]) => text !== ''),
  ) as Record<string, string>;

const linksOf = (values: EventFormValues): EventLinks => ({
  venueUuid: values.venue[0] && 'uuid' in values.venue[0] ? values.venue[0].uuid : null,
  organizerUuids: values.organizers.flatMap((choice) => ('uuid' in choice ? [choice.uuid] : [])),
  categoryUuids: values.categories.flatMap((choice) => ('uuid' in choice ? [choice.uuid] : [])),
  tagUuids: values.tags.flatMap((choice) => ('uuid' in choice ? [choice.uuid] : [])),
});

/**
 * Creates or updates the event. `opened`: the event as the form began from it (an update).
 */
export function saveEvent(
  records: RecordsRepo,
  target: { uuid?: string; before?: EventFormValues; opened?: RecordOf; scope?: Scope },
  values: EventFormValues,
  language: Language,
): Promise<string> {
  return records.atomically(async () => {
    const links: EventLinks = {
      venueUuid:
        (await resolve(records, 'venue', values.venue, language, addressOf(values)))[0] ?? null,
      organizerUuids: await resolve(records, 'organizer', values.organizers, language),
      categoryUuids: await resolve(records, 'category', values.categories, language),
      tagUuids: await resolve(records, 'tag', values.tags, language),
    };
    const before = target.before && linksOf(target.before);
    const patch = eventPatchOf(target.before, values, links, before);
    if (!target.uuid) return records.create('event', patch);
    const scope = target.scope ? { scope: target.scope } : {};
    if (target.opened) await records.updateFrom('event', target.uuid, target.opened, patch, scope);
    else if (Object.keys(patch).length > 0)
      await records.update('event', target.uuid, patch, scope);
    return target.uuid;
  });
}
