/**
 * A search reads its languages' rows of the index and no other (migration 0012), leaves
 * protected events out of a visitor's, and says when the index cannot answer.
 */
import { describe, expect, it } from 'vitest';
import type { Language } from '#shared/languages.ts';
import { indexedMatches, type EventSearch } from './event-search.sql.ts';
import { migrate } from './migrate.ts';
import { markSearchBacklog } from './search-backlog.ts';
import { addEvent, databasePerTest } from '../../test/support/store-fixtures.ts';

const db = databasePerTest();

/** Event `id` with `title` in `language` (besides the fixture's French title). */
function titled(id: number, language: Language, title: string) {
  addEvent(db(), id, `Soirée ${id}`);
  db()
    .prepare("INSERT INTO post_texts (post_id, kind, language, title) VALUES (?, 'event', ?, ?)")
    .run(id, language, title);
}

const search = (words: string[], languages: Language[], visitor = false): EventSearch => ({
  words,
  without: [],
  languages,
  public: visitor,
});
const matched = (of: EventSearch) => {
  const map = indexedMatches(db(), of);
  return map && [...map.keys()].filter((id) => map[id] === 1);
};

describe('a search through the index', () => {
  it('reads only the languages asked, the first and last places of the rowids too', () => {
    migrate(db());
    titled(1, 'bg', 'Джаз вечер');
    titled(2, 'es', 'Noche de jazz');
    titled(3, 'en', 'Jazz night');
    titled(4, 'de', 'Jazzabend');
    titled(5, 'en', 'Opera gala');
    expect(matched(search(['jazz'], ['en']))).toEqual([3]);
    expect(matched(search(['jazz'], ['es', 'de']))).toEqual([2, 4]);
    expect(matched(search(['джаз'], ['bg']))).toEqual([1]);
    expect(matched(search(['джаз'], ['en', 'es']))).toEqual([]);
    // Every word in one language's text.
    expect(matched(search(['jazz', 'night'], ['en', 'es']))).toEqual([3]);
    // The fixture's French titles.
    expect(matched(search(['soirée'], ['fr']))).toEqual([1, 2, 3, 4, 5]);
  });

  it('maps ids of every length, up to the highest post', () => {
    migrate(db());
    titled(7, 'en', 'Jazz at seven');
    titled(1234567, 'en', 'Jazz at a million');
    addEvent(db(), 2345678, 'Later, no jazz in English');
    const map = indexedMatches(db(), search(['jazz'], ['en']));
    expect(map?.length).toBe(2345679);
    expect(matched(search(['jazz'], ['en']))).toEqual([7, 1234567]);
    expect(matched(search(['nothing'], ['en']))).toEqual([]);
  });

  it("leaves protected events out of a visitor's search", () => {
    migrate(db());
    titled(1, 'en', 'Jazz brunch');
    titled(2, 'en', 'Jazz night');
    db().prepare("UPDATE posts SET password = 'secret' WHERE id = 2").run();
    expect(matched(search(['jazz'], ['en'], true))).toEqual([1]);
    expect(matched(search(['jazz'], ['en']))).toEqual([1, 2]);
  });

  it('cannot answer words under three characters, nor while texts wait to be indexed', () => {
    migrate(db());
    titled(1, 'en', 'DJ night');
    expect(matched(search(['dj'], ['en']))).toBeUndefined();
    expect(matched(search(['night'], ['en']))).toEqual([1]);
    markSearchBacklog(db());
    expect(matched(search(['night'], ['en']))).toBeUndefined();
  });
});
