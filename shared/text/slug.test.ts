import { describe, expect, it } from 'vitest';
import { toSlug, uniqueSlug } from './slug.ts';

describe('toSlug', () => {
  it.each([
    ['Café Müller & Söhne', 'cafe-muller-sohne'],
    ['Straße der Pariser Kommune', 'strasse-der-pariser-kommune'],
    ["Rock'n'Roll Night!", 'rocknroll-night'],
    ['  --Jazz  --  Brunch-- ', 'jazz-brunch'],
    ['Зала „България“', 'зала-българия'],
    ['音乐会 2026', '音乐会-2026'],
    ['コンサートホール', 'コンサートホール'],
    ['São Paulo — Teatro', 'sao-paulo-teatro'],
    ['!!!', ''],
  ])('%s → %s', (title, slug) => {
    expect(toSlug(title)).toBe(slug);
  });

  it('keeps Japanese voiced kana whole (only Latin accents are stripped)', () => {
    expect(toSlug('ガーデン')).toBe('ガーデン');
  });

  it('is idempotent', () => {
    for (const title of ['Café Müller', 'Зала', '音乐会 2026'])
      expect(toSlug(toSlug(title))).toBe(toSlug(title));
  });
});

describe('uniqueSlug', () => {
  it('appends -2, -3… like WordPress', () => {
    const taken = new Set(['hall', 'hall-2']);
    expect(uniqueSlug('hall', (slug) => taken.has(slug))).toBe('hall-3');
    expect(uniqueSlug('foyer', (slug) => taken.has(slug))).toBe('foyer');
  });
});
