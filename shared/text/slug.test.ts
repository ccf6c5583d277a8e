import { describe, expect, it } from 'vitest';
import answers from '../../test/fixtures/slugs/wordpress-answers.json' with { type: 'json' };
import { toSlug, uniqueSlug } from './slug.ts';

describe('toSlug', () => {
  it.each([
    ['Café Müller & Söhne', 'cafe-muller-sohne'],
    ['Straße der Pariser Kommune', 'strase-der-pariser-kommune'],
    ['Cost €8', 'cost-e8'],
    ['Cost 10,00', 'cost-1000'],
    ['x.y/z', 'x-y-z'],
    ['a_b', 'a-b'],
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

  // Recorded from the real site by scripts/wordpress-slugs.php (decoded; an underscore is a dash).
  it.each(answers as [string, string][])('%j as WordPress makes it', (title, slug) => {
    expect(toSlug(title)).toBe(slug.replace(/_/g, '-'));
  });

  it('follows the German rule for German texts, as a German site does', () => {
    expect(toSlug('Straße der Pariser Kommune', 'de')).toBe('strasse-der-pariser-kommune');
    expect(toSlug('Café Müller & Söhne', 'de')).toBe('cafe-mueller-soehne');
    expect(toSlug('Café Müller & Söhne', 'fr')).toBe('cafe-muller-sohne');
  });

  it('keeps Japanese voiced kana whole (only Latin accents are stripped)', () => {
    expect(toSlug('ガーデン')).toBe('ガーデン');
  });

  it('is idempotent', () => {
    for (const [title] of answers as [string, string][]) {
      expect(toSlug(toSlug(title))).toBe(toSlug(title));
      expect(toSlug(toSlug(title, 'de'), 'de')).toBe(toSlug(title, 'de'));
    }
  });
});

describe('uniqueSlug', () => {
  it('appends -2, -3… like WordPress', () => {
    const taken = new Set(['hall', 'hall-2']);
    expect(uniqueSlug('hall', (slug) => taken.has(slug))).toBe('hall-3');
    expect(uniqueSlug('foyer', (slug) => taken.has(slug))).toBe('foyer');
  });
});
