/**
 * The one rule for applying a record patch, used by the server's write command and by the
 * editor's replica, so an offline edit and a server write follow the same rules: translatable
 * fields per language ("" removes one), the status before the trash, slugs freed by the trash
 * and taken back out of it, event times recomputed in the event's zone. The server then adds
 * what needs the store or the caller (unique slugs, the caller's role, scheduled publication).
 */
import type { Language } from '../languages.ts';
import { statusBeforeTrashAfter, type PostStatus } from '../schemas/common.ts';
import type { Multilingual } from '../schemas/multilingual.ts';
import { slugsForTrash, type SlugTaken } from '../text/trashed-slug.ts';
import { eventTimesIn } from '../time/datetime.ts';
import { isTranslatable, type Kind, type Patch, type RecordOf } from './registry.ts';

/** An event's times: a patch carries them together, so they are recomputed from one set. */
export const TIME_FIELDS = ['start', 'end', 'timezone', 'allDay'];

type Options = {
  /** Whether another record of the kind has a slug (the replica cannot know: none). */
  slugTaken?: SlugTaken;
};

function mergeTexts(current: Multilingual | undefined, sent: Multilingual): Multilingual {
  const merged: Multilingual = { ...current };
  for (const [language, text] of Object.entries(sent) as [Language, string | undefined][]) {
    if (text) merged[language] = text;
    else delete merged[language];
  }
  return merged;
}

export function applyPatch<R extends RecordOf>(
  kind: Kind,
  record: R,
  patch: Patch,
  options: Options = {},
): R {
  const next: Record<string, unknown> = { ...record };
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    next[field] =
      isTranslatable(kind, field) && value && typeof value === 'object'
        ? mergeTexts(record[field] as Multilingual | undefined, value)
        : value;
  }
  // Patches never carry statusBeforeTrash: a restore goes back to what the trash kept.
  if (patch.status !== undefined && 'statusBeforeTrash' in record) {
    const before = record as unknown as {
      status: PostStatus;
      statusBeforeTrash: PostStatus | null;
    };
    next.statusBeforeTrash = statusBeforeTrashAfter(before, patch.status as PostStatus);
    // The trash frees the slugs (`slug__trashed`) and a restore takes them back.
    next.slug = slugsForTrash(next.slug ?? {}, patch.status === 'trash', options.slugTaken);
  }
  if (kind === 'event' && TIME_FIELDS.some((field) => patch[field] !== undefined)) {
    Object.assign(
      next,
      eventTimesIn(
        next.start as string,
        next.end as string,
        next.timezone as string,
        next.allDay as boolean,
      ),
    );
  }
  return next as R;
}
