import { describe, expect, it } from 'vitest';
import {
  pickTranslation,
  translatedLanguages,
  withTranslation,
  translationPatch,
} from './multilingual.ts';

describe('pickTranslation', () => {
  const title = { de: 'Konzert', fr: 'Concert FR', ja: 'コンサート' };

  it('serves the requested language when it has a value', () => {
    expect(pickTranslation(title, 'ja', 'de')).toEqual({ value: 'コンサート', language: 'ja' });
  });

  it('falls back to the default language', () => {
    expect(pickTranslation(title, 'es', 'de')).toEqual({ value: 'Konzert', language: 'de' });
  });

  it('falls back to any language, in the fixed order, when the default has none', () => {
    expect(pickTranslation({ ja: 'コンサート', fr: 'Concert FR' }, 'es', 'en')).toEqual({
      value: 'Concert FR',
      language: 'fr',
    });
  });

  it('treats empty strings as missing and gives up when nothing is left', () => {
    expect(pickTranslation({ en: '' }, 'en', 'en')).toBeUndefined();
  });
});

describe('translatedLanguages / withTranslation', () => {
  it('lists languages that have a value in any field, in the fixed order', () => {
    expect(translatedLanguages({ es: 'x' }, { bg: 'y', es: '' })).toEqual(['bg', 'es']);
  });

  it('sets and removes one language without touching the others', () => {
    const value = withTranslation({ en: 'Hall' }, 'de', 'Saal');
    expect(value).toEqual({ en: 'Hall', de: 'Saal' });
    expect(withTranslation(value, 'en', '')).toEqual({ de: 'Saal' });
  });
});

describe('translationPatch', () => {
  it('lists changed and removed languages only', () => {
    expect(
      translationPatch({ en: 'Jazz', de: 'Jazz', fr: 'Jazz' }, { en: 'Jazz night', de: 'Jazz' }),
    ).toEqual({ en: 'Jazz night', fr: '' });
  });

  it('is undefined when nothing changed (an empty text counts as none)', () => {
    expect(translationPatch({ en: 'A' }, { en: 'A', de: '' })).toBeUndefined();
  });
});
