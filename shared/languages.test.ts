import { describe, expect, it } from 'vitest';
import { LANGUAGES, isLanguage, languageName, matchLanguage } from './languages.ts';

describe('languages', () => {
  it('has the eight content languages in a fixed order', () => {
    expect(LANGUAGES).toEqual(['bg', 'zh-hans', 'en', 'fr', 'de', 'ja', 'pt-br', 'es']);
  });

  it('recognises only our codes', () => {
    expect(isLanguage('pt-br')).toBe(true);
    expect(isLanguage('pt-BR')).toBe(false);
    expect(isLanguage('it')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });

  it.each([
    ['de-AT', 'de'],
    ['pt-BR', 'pt-br'],
    ['pt-PT', 'pt-br'],
    ['zh-CN', 'zh-hans'],
    ['zh_Hans', 'zh-hans'],
    ['en-GB', 'en'],
    ['ja', 'ja'],
    ['it-IT', undefined],
  ])('matches the browser tag %s to %s', (tag, expected) => {
    expect(matchLanguage(tag)).toBe(expected);
  });

  it('names a content language in the UI language, with the endonym as the fallback', () => {
    expect(languageName('zh-hans', 'en')).toBe('Simplified Chinese');
    expect(languageName('pt-br', 'en')).toBe('Brazilian Portuguese');
    expect(languageName('de', 'ja')).toBe('ドイツ語');
    expect(languageName('ja', 'ja')).toBe('日本語');
    expect(languageName('fr', 'not a locale!')).toBe('Français');
  });
});
