/**
 * SQL for categories and tags: `terms` rows, their per-language texts, published-event counts,
 * and the links between events and terms. Lists: terms-list.repo.ts.
 */
import type { Language } from '#shared/languages.ts';
import type { Multilingual } from '#shared/schemas/multilingual.ts';
import type { Taxonomy, Term } from '#shared/schemas/term.ts';
import { changedFieldKeys } from '#shared/sync/fields.ts';
import type { Database } from './database.ts';
import { fieldPatch } from './posts.repo.ts';
import { jsonList } from './sql.ts';
import { listTerms, type TermFilter } from './terms-list.repo.ts';

export type { TermOrder } from './terms-list.repo.ts';

/** A term as the server handles it: the shared record plus its integer parent id. */
export type StoredTerm = Term & { parentId: number | null };

type TermRow = {
  id: number;
  uuid: string;
  taxonomy: Taxonomy;
  parent_id: number | null;
  parent_uuid: string | null;
  color: string;
  created_utc: string;
  modified_utc: string;
  rev: number;
};

type TextRow = {
  term_id: number;
  language: Language;
  name: string;
  description: string;
  slug: string;
};

export type TermsRepo = ReturnType<typeof createTermsRepo>;

export function createTermsRepo(db: Database) {
  function getMany(ids: readonly number[]): StoredTerm[] {
    if (ids.length === 0) return [];
    const list = jsonList(ids);
    const rows = db
      .prepare(
        `SELECT t.id, t.uuid, t.taxonomy, t.parent_id, pt.uuid AS parent_uuid, t.color, t.created_utc, t.modified_utc, t.rev
         FROM terms t LEFT JOIN terms pt ON pt.id = t.parent_id WHERE t.id IN (SELECT value FROM json_each(?))`,
      )
      .all(list) as TermRow[];
    const texts = db
      .prepare(
        `SELECT term_id, language, name, description, slug FROM term_texts
         WHERE term_id IN (SELECT value FROM json_each(?))`,
      )
      .all(list) as TextRow[];
    const byId = new Map<number, StoredTerm>(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          uuid: row.uuid,
          taxonomy: row.taxonomy,
          created: row.created_utc,
          modified: row.modified_utc,
          rev: row.rev,
          name: {},
          description: {},
          slug: {},
          parentUuid: row.parent_uuid,
          parentId: row.parent_id,
          color: row.color,
        },
      ]),
    );
    for (const text of texts) {
      const term = byId.get(text.term_id);
      if (!term) continue;
      if (text.name) term.name[text.language] = text.name;
      if (text.description) term.description[text.language] = text.description;
      if (text.slug) term.slug[text.language] = text.slug;
    }
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Field revisions from the stored record (the parent is written as an id, compared as a uuid). */
  function stamp(before: StoredTerm | undefined, after: StoredTerm, rev: number): void {
    const id = after.id;
    const changed = changedFieldKeys(after.taxonomy, before, after);
    if (changed.length === 0) return;
    db.prepare('UPDATE terms SET field_revs = json_patch(field_revs, ?) WHERE id = ?').run(
      fieldPatch(changed, rev),
      id,
    );
  }

  function setTexts(term: StoredTerm): void {
    db.prepare('DELETE FROM term_texts WHERE term_id = ?').run(term.id);
    const languages = new Set(
      [term.name, term.description, term.slug].flatMap(
        (field: Multilingual) => Object.keys(field) as Language[],
      ),
    );
    const insert = db.prepare(
      'INSERT INTO term_texts (term_id, taxonomy, language, name, description, slug) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const language of languages) {
      insert.run(
        term.id,
        term.taxonomy,
        language,
        term.name[language] ?? '',
        term.description[language] ?? '',
        term.slug[language] ?? '',
      );
    }
  }

  return {
    getMany,
    get: (id: number): StoredTerm | undefined => getMany([id])[0],

    /** Published events per term (kept on the term by migration 0010's triggers). */
    counts(ids: readonly number[]): Map<number, number> {
      const rows = db
        .prepare(
          'SELECT id, published_events AS n FROM terms WHERE id IN (SELECT value FROM json_each(?))',
        )
        .all(jsonList(ids)) as { id: number; n: number }[];
      return new Map(rows.map((row) => [row.id, row.n]));
    },

    /** A new term; its id is the next free one, or `term.id` when that is set (a restore). */
    insert(term: StoredTerm): number {
      const result = db
        .prepare(
          'INSERT INTO terms (id, uuid, taxonomy, parent_id, color, created_utc, modified_utc, rev) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          term.id > 0 ? term.id : null,
          term.uuid,
          term.taxonomy,
          term.parentId,
          term.color,
          term.created,
          term.modified,
          term.rev,
        );
      const id = Number(result.lastInsertRowid);
      setTexts({ ...term, id });
      stamp(undefined, { ...term, id }, term.rev);
      return id;
    },

    /** `before`: the term as stored, whose fields it stamps where they differ. */
    update(term: StoredTerm, before: StoredTerm): void {
      db.prepare(
        'UPDATE terms SET parent_id = ?, color = ?, modified_utc = ?, rev = ? WHERE id = ?',
      ).run(term.parentId, term.color, term.modified, term.rev, term.id);
      setTexts(term);
      stamp(before, term, term.rev);
    },

    delete(id: number): void {
      db.prepare('DELETE FROM terms WHERE id = ?').run(id);
    },

    /** Moves the children of `id` to `parentId`, stamping them; returns their ids. */
    reparentChildren(id: number, parentId: number | null, rev: number, now: string): number[] {
      const rows = db
        .prepare(
          'UPDATE terms SET parent_id = ?, rev = ?, modified_utc = ? WHERE parent_id = ? RETURNING id',
        )
        .all(parentId, rev, now, id) as { id: number }[];
      return rows.map((row) => row.id);
    },

    /** The chain of parents above a category, nearest first. */
    ancestors(id: number): number[] {
      const rows = db
        .prepare(
          `WITH RECURSIVE up(id) AS (SELECT parent_id FROM terms WHERE id = ?
             UNION SELECT t.parent_id FROM terms t JOIN up ON t.id = up.id WHERE t.parent_id IS NOT NULL)
           SELECT id FROM up WHERE id IS NOT NULL`,
        )
        .all(id) as { id: number }[];
      return rows.map((row) => row.id);
    },

    /**
     * `ids` and every term below them (WordPress `include_children`), in one statement however
     * many there are; each step down goes through the (taxonomy, parent_id) index.
     */
    withDescendants(taxonomy: Taxonomy, ids: readonly number[]): number[] {
      const rows = db
        .prepare(
          `WITH RECURSIVE down(id) AS (SELECT value FROM json_each(?)
             UNION SELECT t.id FROM terms t JOIN down ON t.taxonomy = ? AND t.parent_id = down.id)
           SELECT id FROM down`,
        )
        .all(jsonList(ids), taxonomy) as { id: number }[];
      return rows.map((row) => row.id);
    },

    slugOwner(taxonomy: Taxonomy, language: Language, slug: string): number | undefined {
      const row = db
        .prepare('SELECT term_id FROM term_texts WHERE taxonomy = ? AND language = ? AND slug = ?')
        .get(taxonomy, language, slug) as { term_id: number } | undefined;
      return row?.term_id;
    },

    /** Which of `ids` are terms of `taxonomy`. */
    idsOf(taxonomy: Taxonomy, ids: readonly number[]): Set<number> {
      const rows = db
        .prepare(
          // `+taxonomy`: look the ids up by key, never through the taxonomy index.
          'SELECT id FROM terms WHERE +taxonomy = ? AND id IN (SELECT value FROM json_each(?))',
        )
        .all(taxonomy, jsonList(ids)) as { id: number }[];
      return new Set(rows.map((row) => row.id));
    },

    /** A slug in `language` first, then in any language. */
    idBySlug(taxonomy: Taxonomy, slug: string, language: Language): number | undefined {
      const row = db
        .prepare(
          `SELECT term_id FROM term_texts WHERE taxonomy = ? AND slug = ?
           ORDER BY language = ? DESC, term_id LIMIT 1`,
        )
        .get(taxonomy, slug, language) as { term_id: number } | undefined;
      return row?.term_id;
    },

    /** Terms with this name in any language, ignoring case; `parent` narrows to siblings. */
    /** The revision at which each field of a term last changed. */
    fieldRevs(id: number): Record<string, number> {
      const row = db.prepare('SELECT field_revs FROM terms WHERE id = ?').get(id) as
        { field_revs: string } | undefined;
      return row ? (JSON.parse(row.field_revs) as Record<string, number>) : {};
    },

    idsByName(taxonomy: Taxonomy, name: string): number[] {
      const rows = db
        .prepare(
          `SELECT DISTINCT term_id FROM term_texts WHERE taxonomy = ? AND mq_fold(name) = mq_fold(?) ORDER BY term_id`,
        )
        .all(taxonomy, name) as { term_id: number }[];
      return rows.map((row) => row.term_id);
    },

    eventIdsOf(termId: number): number[] {
      const rows = db.prepare('SELECT event_id FROM event_terms WHERE term_id = ?').all(termId) as {
        event_id: number;
      }[];
      return rows.map((row) => row.event_id);
    },

    list: (filter: TermFilter) => listTerms(db, filter),
  };
}
