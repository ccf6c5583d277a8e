import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { NAMESPACES, RESOURCES } from '#shared/i18n/resources.ts';
import type { Language } from '#shared/languages.ts';
import { siteLogNote } from '#shared/sync/site-log-note.ts';
import { readNote, storedNote } from './log-note.ts';

async function wordsIn(language: Language) {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: RESOURCES,
    lng: language,
    lowerCaseLng: true,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  return (key: string, options?: Record<string, unknown>) => i18n.t(key, options ?? {});
}

describe('the sync log’s reasons', () => {
  it('are kept as a key and values, and said in English for the command line', () => {
    const merged = readNote(storedNote({ key: 'fields', values: { fields: ['title', 'cost'] } }));
    expect(merged.note).toBe('Title, Cost');
    expect(merged.detail).toEqual({ key: 'fields', values: { fields: ['title', 'cost'] } });
    expect(
      readNote(storedNote({ key: 'fields', values: { fields: ['title.ja', 'cost'] } })).note,
    ).toBe('Title (ja), Cost');
    expect(readNote(storedNote({ key: 'deletedThere.post', values: {} })).note).toBe(
      'deleted for good on the website: moved to the trash here (it can be restored)',
    );
    expect(
      readNote(
        storedNote({ key: 'connectedAs', values: { address: 'https://a.example', login: 'ann' } }),
      ).note,
    ).toBe('https://a.example as ann');
  });

  it('say a problem with its own message in English, and its code’s words in the editor', async () => {
    const detail = {
      key: 'problem',
      values: { code: 'marquee_site_unreachable', message: 'The website at x did not answer.' },
    };
    expect(readNote(storedNote(detail)).note).toBe('The website at x did not answer.');
    expect(siteLogNote(detail, await wordsIn('ja'), 'ja')).toBe(
      RESOURCES.ja.errors.marquee_site_unreachable,
    );
  });

  it('are said in the editor’s language, field labels included', async () => {
    const ja = await wordsIn('ja');
    expect(siteLogNote({ key: 'trashedThere', values: {} }, ja, 'ja')).toBe(
      'ウェブサイトでゴミ箱に移されました：こちらでもゴミ箱に移しました',
    );
    const fields = siteLogNote({ key: 'fields', values: { fields: ['title', 'cost'] } }, ja, 'ja');
    expect(fields).toContain(RESOURCES.ja.common.field.title);
    expect(fields).toContain(RESOURCES.ja.common.field.cost);
    const de = await wordsIn('de');
    expect(siteLogNote({ key: 'matched.venue', values: {} }, de, 'de')).toBe(
      'derselbe Veranstaltungsort nach Name',
    );
  });

  it('read a note kept as plain text as it is', () => {
    expect(readNote('trashed on the website')).toEqual({
      note: 'trashed on the website',
      detail: null,
    });
    expect(readNote(null)).toEqual({ note: null, detail: null });
  });

  it('have words in every language for every key', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      typeof value === 'string'
        ? [prefix]
        : Object.entries(value as object).flatMap(([key, inner]) =>
            keys(inner, prefix ? `${prefix}.${key}` : key),
          );
    const english = keys(RESOURCES.en.common.website.notes).sort();
    for (const language of Object.keys(RESOURCES) as Language[])
      expect(keys(RESOURCES[language].common.website.notes).sort(), language).toEqual(english);
  });
});
