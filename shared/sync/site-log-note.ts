/**
 * A sync log entry's reason in words (shared/schemas/site.ts `PeerLogDetail`): the same
 * sentence for the editor, in its language, and for the command line, in English, from the
 * locales' `website.notes`. A list of fields is said with each field's label (a text's
 * language after it), as a list in that language; an error's reason with its code's words
 * where the locales have them.
 */
import type { PeerLogDetail } from '../schemas/peer.ts';

/** i18next's `t`, as much of it as a note needs. */
export type NoteWords = (key: string, options?: Record<string, unknown>) => string;

/** A field's label; a hub's field of one language (`title.ja`) with its language. */
function fieldLabel(key: string, t: NoteWords): string {
  const [field = key, language] = key.split('.');
  const label = t(`field.${field}`, { defaultValue: field });
  return language ? `${label} (${language})` : label;
}

export function siteLogNote(detail: PeerLogDetail, t: NoteWords, language: string): string {
  const list = new Intl.ListFormat(language, { style: 'short', type: 'unit' });
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(detail.values))
    values[name] = Array.isArray(value)
      ? list.format(value.map((field) => fieldLabel(field, t)))
      : value;
  if (detail.key === 'problem' && values.code)
    return t(`errors:${values.code}`, { defaultValue: values.message ?? '' });
  return t(`website.notes.${detail.key}`, { ...values, defaultValue: values.message ?? '' });
}
