/**
 * The sync log's reasons: kept as their key and values (a JSON text in the log's `note`
 * column), so the editor says them in its language; said in English for the command line and
 * an API client with the same words (the English locale, through i18next).
 */
import i18next from 'i18next';
import { NAMESPACES, RESOURCES } from '#shared/i18n/resources.ts';
import { peerLogDetailSchema, type PeerLogDetail } from '#shared/schemas/peer.ts';
import { siteLogNote, type NoteWords } from '#shared/sync/site-log-note.ts';

export type LogNote = PeerLogDetail;

const english = i18next.createInstance();
void english.init({
  resources: { en: RESOURCES.en },
  lng: 'en',
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});
const say: NoteWords = (key, options) => english.t(key, options ?? {});

/** A note as the log's column keeps it. */
export const storedNote = (note: LogNote | undefined): string | null =>
  note ? JSON.stringify(note) : null;

/**
 * A stored note in English, and as the editor's detail. A problem's reason is its message,
 * which says more than its code's words; a note stored as plain text (none is written so any
 * more) is said as it is.
 */
export function readNote(stored: string | null): { note: string | null; detail: LogNote | null } {
  if (stored === null) return { note: null, detail: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return { note: stored, detail: null };
  }
  const detail = peerLogDetailSchema.safeParse(parsed);
  if (!detail.success) return { note: stored, detail: null };
  const { key, values } = detail.data;
  const message = typeof values.message === 'string' ? values.message : undefined;
  return {
    note: key === 'problem' && message ? message : siteLogNote(detail.data, say, 'en'),
    detail: detail.data,
  };
}
