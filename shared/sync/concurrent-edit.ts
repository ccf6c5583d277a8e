/**
 * An edit made on an older version of a record, laid over the record as it is now: a form
 * opened before someone else saved (another tab, another browser, the REST API, a sync or an
 * import). Fields only one side changed merge; a field both sides changed, to different values,
 * is a conflict the user decides in the conflict screen. Translations count per language, as
 * sync's field-level merge does (fields.ts), and an event's times count as one field: they are
 * sent together and recomputed together.
 */
import { applyPatch, TIME_FIELDS } from '../kinds/apply-patch.ts';
import { isTranslatable, type Kind, type Patch, type RecordOf } from '../kinds/registry.ts';
import { changedFieldKeys, fieldKeysOf } from './fields.ts';

type ConcurrentEdit = {
  /** What can be saved now: the user's changes to fields nobody else changed meanwhile. */
  merged: Patch;
  /** The user's changes to fields that were changed elsewhere too, to other values. */
  conflicting: Patch;
  /** The field keys changed elsewhere since the edit began ("title.de", "cost", "start"…). */
  changedElsewhere: string[];
};

/** The field a key names ("title.de" → "title"); an event's times are one field. */
export function fieldOfKey(kind: Kind, key: string): string {
  const field = key.split('.')[0] ?? key;
  return kind === 'event' && TIME_FIELDS.includes(field) ? 'start' : field;
}

type Fields = Record<string, unknown>;

function put(target: Fields, kind: Kind, key: string, patch: Patch): void {
  const [field = key, language] = key.split('.');
  if (language && isTranslatable(kind, field)) {
    const texts = (patch[field] ?? {}) as Record<string, unknown>;
    target[field] = { ...(target[field] as object | undefined), [language]: texts[language] };
  } else target[field] = patch[field];
}

/**
 * Splits `patch`, written against `opened`, into what merges with `current` and what conflicts.
 * Changing a field to the value it now has elsewhere is no conflict.
 */
export function splitConcurrentEdit(
  kind: Kind,
  opened: RecordOf,
  current: RecordOf,
  patch: Patch,
): ConcurrentEdit {
  const changedElsewhere = changedFieldKeys(kind, opened, current);
  const elsewhere = new Set(changedElsewhere.map((key) => fieldOfKey(kind, key) + suffix(key)));
  // What the patch would still change on top of the record as it is now.
  const stillChanges = new Set(
    changedFieldKeys(kind, current, applyPatch(kind, current, patch)).map(
      (key) => fieldOfKey(kind, key) + suffix(key),
    ),
  );
  const merged: Fields = {};
  const conflicting: Fields = {};
  for (const key of fieldKeysOf(kind, patch)) {
    const unit = fieldOfKey(kind, key) + suffix(key);
    put(elsewhere.has(unit) && stillChanges.has(unit) ? conflicting : merged, kind, key, patch);
  }
  return { merged, conflicting, changedElsewhere };
}

/** A translation's language (".de"), which keeps languages apart; nothing for a whole field. */
function suffix(key: string): string {
  const dot = key.indexOf('.');
  return dot < 0 ? '' : key.slice(dot);
}
