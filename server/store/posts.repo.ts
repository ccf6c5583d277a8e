/**
 * SQL for the `posts` rows behind events, venues and organizers, and for their per-language
 * texts. The post kernel's repo (post-records.repo.ts) builds whole records on these.
 */
import type { Language } from '#shared/languages.ts';
import type { z } from 'zod';
import type { PostStatus, postMetaSchema } from '#shared/schemas/common.ts';
import type { Multilingual } from '#shared/schemas/multilingual.ts';
import { TRASHED_SUFFIX, untrashedSlug } from '#shared/text/trashed-slug.ts';
import type { Database, SqlValue } from './database.ts';
import { insertRows, jsonList } from './sql.ts';

export type PostKind = 'event' | 'venue' | 'organizer';

export type PostRow = {
  id: number;
  uuid: string;
  status: PostStatus;
  status_before_trash: PostStatus | null;
  author: number;
  password: string;
  date_utc: string;
  created_utc: string;
  modified_utc: string;
  rev: number;
};

export type PostMeta = z.infer<typeof postMetaSchema>;

/** A `posts` row as the record metadata the shared schemas use. */
export function postMetaOf(row: PostRow): PostMeta {
  return {
    id: row.id,
    uuid: row.uuid,
    created: row.created_utc,
    modified: row.modified_utc,
    rev: row.rev,
    status: row.status,
    statusBeforeTrash: row.status_before_trash,
    author: row.author,
    date: row.date_utc,
    password: row.password,
  };
}

/** Record metadata as a `posts` row. */
export function postRowOf(meta: PostMeta): PostRow {
  return {
    id: meta.id,
    uuid: meta.uuid,
    status: meta.status,
    status_before_trash: meta.statusBeforeTrash,
    author: meta.author,
    password: meta.password,
    date_utc: meta.date,
    created_utc: meta.created,
    modified_utc: meta.modified,
    rev: meta.rev,
  };
}

export type PostTexts = {
  title: Multilingual;
  description: Multilingual;
  excerpt: Multilingual;
  slug: Multilingual;
};

type TextRow = { post_id: number; language: Language } & Record<keyof PostTexts, string>;

const TEXT_FIELDS = ['title', 'description', 'excerpt', 'slug'] as const;

/** A JSON object giving every field key the same revision, for json_patch. */
export function fieldPatch(fields: readonly string[], rev: number): string {
  return JSON.stringify(Object.fromEntries(fields.map((field) => [field, rev])));
}

const POST_COLUMN_NAMES = [
  'id',
  'uuid',
  'kind',
  'status',
  'status_before_trash',
  'author',
  'password',
  'date_utc',
  'created_utc',
  'modified_utc',
  'rev',
  'field_revs',
] as const;
const POST_COLUMNS = `posts (${POST_COLUMN_NAMES.join(', ')})`;
const INSERT_POST = `INSERT INTO ${POST_COLUMNS} VALUES (${POST_COLUMN_NAMES.map(() => '?').join(', ')})`;

/** A post's row values in POST_COLUMNS order (a zero id lets SQLite choose the next one). */
function postValues(kind: PostKind, row: PostRow, fields: readonly string[]): SqlValue[] {
  return [
    row.id > 0 ? row.id : null,
    row.uuid,
    kind,
    row.status,
    row.status_before_trash,
    row.author,
    row.password,
    row.date_utc,
    row.created_utc,
    row.modified_utc,
    row.rev,
    fieldPatch(fields, row.rev),
  ];
}

const TEXT_COLUMNS = 'post_texts (post_id, kind, language, title, description, excerpt, slug)';

/** One row per language the texts have, in TEXT_COLUMNS order. */
function textValues(id: number, kind: PostKind, texts: PostTexts): SqlValue[][] {
  const languages = new Set(
    TEXT_FIELDS.flatMap((field) => Object.keys(texts[field]) as Language[]),
  );
  return [...languages].map((language) => [
    id,
    kind,
    language,
    ...TEXT_FIELDS.map((field) => texts[field][language] ?? ''),
  ]);
}

/** A post for insertMany: its row (id set), the field keys it has, its texts. */
export type NewPost = { row: PostRow; fields: readonly string[]; texts: PostTexts };

export type PostsRepo = ReturnType<typeof createPostsRepo>;

export function createPostsRepo(db: Database) {
  return {
    kindOf(id: number): PostKind | undefined {
      const row = db.prepare('SELECT kind FROM posts WHERE id = ?').get(id) as
        { kind: PostKind } | undefined;
      return row?.kind;
    },

    getRows(ids: readonly number[]): Map<number, PostRow> {
      const rows = db
        .prepare(
          `SELECT id, uuid, status, status_before_trash, author, password, date_utc, created_utc, modified_utc, rev
           FROM posts WHERE id IN (SELECT value FROM json_each(?))`,
        )
        .all(jsonList(ids)) as PostRow[];
      return new Map(rows.map((row) => [row.id, row]));
    },

    /**
     * A new post; its id is the next free one, or `row.id` when that is set (a restore).
     * `fields`: the field keys it has, all stamped with its revision (DESIGN §7).
     */
    insert(kind: PostKind, row: PostRow, fields: readonly string[]): number {
      const result = db.prepare(INSERT_POST).run(...postValues(kind, row, fields));
      return Number(result.lastInsertRowid);
    },

    /** New posts with their ids set and their texts, in multi-row statements (bulk loads). */
    insertMany(kind: PostKind, list: readonly NewPost[]): void {
      insertRows(
        db,
        POST_COLUMNS,
        list.map(({ row, fields }) => postValues(kind, row, fields)),
      );
      insertRows(
        db,
        TEXT_COLUMNS,
        list.flatMap(({ row, texts }) => textValues(row.id, kind, texts)),
      );
    },

    update(row: PostRow): void {
      db.prepare(
        `UPDATE posts SET status = ?, status_before_trash = ?, author = ?, password = ?, date_utc = ?,
           modified_utc = ?, rev = ? WHERE id = ?`,
      ).run(
        row.status,
        row.status_before_trash,
        row.author,
        row.password,
        row.date_utc,
        row.modified_utc,
        row.rev,
        row.id,
      );
    },

    delete(id: number): void {
      db.prepare('DELETE FROM posts WHERE id = ?').run(id);
    },

    /** Texts of many posts in one query, keyed by post id. */
    getTexts(ids: readonly number[]): Map<number, PostTexts> {
      const rows = db
        .prepare(
          `SELECT post_id, language, title, description, excerpt, slug FROM post_texts
           WHERE post_id IN (SELECT value FROM json_each(?))`,
        )
        .all(jsonList(ids)) as TextRow[];
      const byPost = new Map<number, PostTexts>();
      for (const row of rows) {
        let texts = byPost.get(row.post_id);
        if (!texts)
          byPost.set(row.post_id, (texts = { title: {}, description: {}, excerpt: {}, slug: {} }));
        for (const field of TEXT_FIELDS) if (row[field]) texts[field][row.language] = row[field];
      }
      return byPost;
    },

    /** Replaces every language's texts of one post (`fresh`: a new post, with none yet). */
    setTexts(id: number, kind: PostKind, texts: PostTexts, fresh = false): void {
      if (!fresh) db.prepare('DELETE FROM post_texts WHERE post_id = ?').run(id);
      const insert = db.prepare(`INSERT INTO ${TEXT_COLUMNS} VALUES (?, ?, ?, ?, ?, ?, ?)`);
      for (const values of textValues(id, kind, texts)) insert.run(...values);
    },

    /**
     * The post of this kind whose slug in `language` is `slug` (never empty). `slug <> ''` lets
     * the unique slug index (a partial one) answer, so bulk loads may set the others aside.
     */
    slugOwner(kind: PostKind, language: Language, slug: string): number | undefined {
      const row = db
        .prepare(
          "SELECT post_id FROM post_texts WHERE kind = ? AND language = ? AND slug = ? AND slug <> ''",
        )
        .get(kind, language, slug) as { post_id: number } | undefined;
      return row?.post_id;
    },

    /**
     * By-slug lookup: the slug in `language` first, then in any language (lowest id wins); when
     * no post has it, a trashed post that had it (`slug__trashed`, `slug__trashed-2`…), so
     * requests by the old slug still find it in the trash.
     */
    idBySlug(kind: PostKind, slug: string, language: Language): number | undefined {
      const row = db
        .prepare(
          `SELECT post_id FROM post_texts WHERE kind = ? AND slug = ?
           ORDER BY language = ? DESC, post_id LIMIT 1`,
        )
        .get(kind, slug, language) as { post_id: number } | undefined;
      if (row) return row.post_id;
      const trashed = `${slug}${TRASHED_SUFFIX}`;
      // '-' sorts just before '.': the range holds the numbered ones, through the slug index.
      const rows = db
        .prepare(
          `SELECT post_id, slug FROM post_texts WHERE kind = ? AND (slug = ? OR (slug > ? AND slug < ?))
           ORDER BY language = ? DESC, post_id`,
        )
        .all(kind, trashed, `${trashed}-`, `${trashed}.`, language) as {
        post_id: number;
        slug: string;
      }[];
      return rows.find((candidate) => untrashedSlug(candidate.slug) === slug)?.post_id;
    },

    /** Posts of a kind, not trashed, with this title in any language (any letter case). */
    idsByTitle(kind: PostKind, title: string): number[] {
      const rows = db
        .prepare(
          `SELECT DISTINCT t.post_id FROM post_texts t JOIN posts p ON p.id = t.post_id
           WHERE t.kind = ? AND mq_fold(t.title) = mq_fold(?) AND p.status <> 'trash' ORDER BY t.post_id`,
        )
        .all(kind, title) as { post_id: number }[];
      return rows.map((row) => row.post_id);
    },

    /** Stamps a new revision on posts a write to another record changed (`fields`: which of theirs). */
    touch(
      ids: readonly number[],
      rev: number,
      modifiedUtc: string,
      fields: readonly string[],
    ): void {
      if (ids.length === 0) return;
      db.prepare(
        `UPDATE posts SET rev = ?, modified_utc = ?, field_revs = json_patch(field_revs, ?)
         WHERE id IN (SELECT value FROM json_each(?))`,
      ).run(rev, modifiedUtc, fieldPatch(fields, rev), jsonList(ids));
    },

    /** Records that these fields changed at `rev` (DESIGN §7, field-level merge). */
    stampFields(id: number, fields: readonly string[], rev: number): void {
      if (fields.length === 0) return;
      db.prepare('UPDATE posts SET field_revs = json_patch(field_revs, ?) WHERE id = ?').run(
        fieldPatch(fields, rev),
        id,
      );
    },

    /** The revision at which each field of a post last changed. */
    fieldRevs(id: number): Record<string, number> {
      const row = db.prepare('SELECT field_revs FROM posts WHERE id = ?').get(id) as
        { field_revs: string } | undefined;
      return row ? (JSON.parse(row.field_revs) as Record<string, number>) : {};
    },
  };
}
