import { describe, expect, it } from 'vitest';
import { slugSchema } from '../schemas/common.ts';
import { MAX_SLUG_LENGTH } from './slug.ts';
import { isTrashedSlug, slugsForTrash, untrashedSlug } from './trashed-slug.ts';

describe('slugsForTrash', () => {
  it('adds the suffix in every language going in, and takes it off coming out', () => {
    const trashed = slugsForTrash({ en: 'gig', de: 'auftritt' }, true);
    expect(trashed).toEqual({ en: 'gig__trashed', de: 'auftritt__trashed' });
    expect(slugsForTrash(trashed, false)).toEqual({ en: 'gig', de: 'auftritt' });
  });

  it('numbers a taken trashed slug, and a taken live one, per language', () => {
    const taken = new Set(['en:gig__trashed', 'en:gig', 'en:gig-2', 'de:auftritt__trashed']);
    const isTaken = (language: string, slug: string) => taken.has(`${language}:${slug}`);
    expect(slugsForTrash({ en: 'gig', de: 'auftritt' }, true, isTaken)).toEqual({
      en: 'gig__trashed-2',
      de: 'auftritt__trashed-2',
    });
    expect(
      slugsForTrash({ en: 'gig__trashed-2', de: 'auftritt__trashed' }, false, isTaken),
    ).toEqual({ en: 'gig-3', de: 'auftritt' });
  });

  it('keeps slugs already in the right form, as the same object', () => {
    const live = { en: 'gig' };
    expect(slugsForTrash(live, false)).toBe(live);
    const trashed = { en: 'gig__trashed-2' };
    expect(slugsForTrash(trashed, true)).toBe(trashed);
  });
});

describe('trashed slugs', () => {
  it('are told from live ones, whose slugs never hold an underscore', () => {
    expect(isTrashedSlug('gig__trashed')).toBe(true);
    expect(isTrashedSlug('gig__trashed-12')).toBe(true);
    expect(isTrashedSlug('gig-trashed')).toBe(false);
    expect(untrashedSlug('gig__trashed-12')).toBe('gig');
    expect(untrashedSlug('gig')).toBe('gig');
  });

  it('are slugs as stored, even from a live slug of the longest length', () => {
    const longest = 'a'.repeat(MAX_SLUG_LENGTH);
    expect(slugSchema.safeParse(`${longest}__trashed-2`).success).toBe(true);
    expect(slugSchema.safeParse('gig__trashed').success).toBe(true);
    expect(slugSchema.safeParse('__trashed').success).toBe(false);
    expect(slugSchema.safeParse('Gig__trashed').success).toBe(false);
    expect(slugSchema.safeParse('gig__other').success).toBe(false);
  });
});
