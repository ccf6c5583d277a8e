/**
 * The post kernel's store: one repo that reads and writes whole records of every post kind
 * (events, venues, organizers): the `posts` row, the texts per language, the kind's own row and
 * its links. A kind's PostTable says what differs: its own table and columns, how its rows
 * become the record's fields, which record field is its name, and the link tables written
 * beside it (an event's organizers and terms). Lookups across posts are posts.repo.ts's.
 */
import { type PostKind } from '#shared/kinds/registry.ts';
import type { z } from 'zod';
import type { Language } from '#shared/languages.ts';
import type { PostStatus, postMetaSchema } from '#shared/schemas/common.ts';
import type { Multilingual } from '#shared/schemas/multilingual.ts';
import { KIND, POST_TEXTS } from '#shared/kinds/registry.ts';
import { changedFieldKeys } from '#shared/sync/fields.ts';
import type { Database, SqlValue } from './database.ts';
import { fieldPatch } from './posts.repo.ts';
import { insertRows, jsonList } from './sql.ts';

type PostRow = {
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
function postMetaOf(row: PostRow): PostMeta {
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
function postRowOf(meta: PostMeta): PostRow {
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

/** The columns of `post_texts`: a post's name (every kind's is in `title`), then its texts. */
const TEXT_FIELDS = ['title', ...POST_TEXTS] as const;

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

/** What every post record has: the `posts` row and its texts but the name (`title`, `name`). */
export type PostRecord = PostMeta & {
  description: Multilingual;
  excerpt: Multilingual;
  slug: Multilingual;
};

/** A table of links beside the kind's own (`event_organizers`): replaced on every write. */
export type LinkTable<R> = {
  /** `table (owner column, …)` in the order valuesOf gives. */
  columns: string;
  /** Deletes the owner's rows (bound: the owner's id). */
  clear: string;
  valuesOf(record: R): SqlValue[][];
};

export type PostTable<R extends PostRecord> = {
  kind: PostKind;
  /** `table (post_id, …columns)`; values in that order from toValues. */
  table: string;
  columns: readonly string[];
  toValues(record: R): SqlValue[];
  /** SQL reading the kind's rows of the ids bound as a JSON list. */
  selectRows: string;
  /**
   * How rows of a batch become the record's own fields; `list`, the batch's ids as a JSON list,
   * lets a kind load what it links to for the whole batch at once.
   */
  reader(
    list: string,
  ): (row: Record<string, SqlValue>) => Omit<R, keyof PostRecord | 'title' | 'name'>;
  links?: readonly LinkTable<R>[];
};

const NO_TEXTS: PostTexts = { title: {}, description: {}, excerpt: {}, slug: {} };

export function createPostRecordsRepo<R extends PostRecord>(db: Database, table: PostTable<R>) {
  const { kind, links = [] } = table;
  // The record field stored as the post's title (`title` for events, `name` for the others).
  const { nameField } = KIND[kind];
  const columns = `${table.table} (post_id, ${table.columns.join(', ')})`;
  const upsert = `INSERT INTO ${columns} VALUES (?, ${table.columns.map(() => '?').join(', ')})
    ON CONFLICT (post_id) DO UPDATE SET ${table.columns.map((column) => `${column} = excluded.${column}`).join(', ')}`;

  const textsOf = (record: R): PostTexts => ({
    title: (record as unknown as Record<string, Multilingual>)[nameField]!,
    description: record.description,
    excerpt: record.excerpt,
    slug: record.slug,
  });
  const rowValues = (record: R): SqlValue[] => [record.id, ...table.toValues(record)];
  /** A new post's row: every field it has is stamped with its revision (no read needed). */
  const newPostValues = (record: R): SqlValue[] =>
    postValues(kind, postRowOf(record), changedFieldKeys(kind, undefined, record));

  /** The `posts` rows of many posts in one query. */
  function getRows(ids: readonly number[]): Map<number, PostRow> {
    const rows = db
      .prepare(
        `SELECT id, uuid, status, status_before_trash, author, password, date_utc, created_utc, modified_utc, rev
           FROM posts WHERE id IN (SELECT value FROM json_each(?))`,
      )
      .all(jsonList(ids)) as PostRow[];
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Texts of many posts in one query, keyed by post id. */
  function getTexts(ids: readonly number[]): Map<number, PostTexts> {
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
  }

  /** Replaces every language's texts of one post (`fresh`: a new post, with none yet). */
  function setTexts(id: number, texts: PostTexts, fresh: boolean): void {
    if (!fresh) db.prepare('DELETE FROM post_texts WHERE post_id = ?').run(id);
    const insert = db.prepare(`INSERT INTO ${TEXT_COLUMNS} VALUES (?, ?, ?, ?, ?, ?, ?)`);
    for (const values of textValues(id, kind, texts)) insert.run(...values);
  }

  /** `fresh`: a new record, with no texts or links to replace. */
  function write(record: R, fresh: boolean): void {
    db.prepare(upsert).run(...rowValues(record));
    setTexts(record.id, textsOf(record), fresh);
    for (const link of links) {
      if (!fresh) db.prepare(link.clear).run(record.id);
      const insert = db.prepare(`INSERT INTO ${link.columns} VALUES (?, ?, ?)`);
      for (const values of link.valuesOf(record)) insert.run(...values);
    }
  }

  function getMany(ids: readonly number[]): R[] {
    if (ids.length === 0) return [];
    const list = jsonList(ids);
    const postRows = getRows(ids);
    const texts = getTexts(ids);
    const read = table.reader(list);
    const rows = db.prepare(table.selectRows).all(list) as Record<string, SqlValue>[];
    const byId = new Map(rows.map((row) => [Number(row.post_id), row]));
    return ids.flatMap((id) => {
      const post = postRows.get(id);
      const row = byId.get(id);
      if (!post || !row) return [];
      const { title, ...text } = texts.get(id) ?? NO_TEXTS;
      return [{ ...postMetaOf(post), [nameField]: title, ...text, ...read(row) } as unknown as R];
    });
  }

  return {
    getMany,
    get: (id: number): R | undefined => getMany([id])[0],

    /**
     * Stores a new record (with `record.id` when set, as a restore does). A new record has every
     * field (translatable ones in the languages it has), so its stamps need no read.
     */
    insert(record: R): number {
      const id = Number(db.prepare(INSERT_POST).run(...newPostValues(record)).lastInsertRowid);
      write({ ...record, id }, true);
      return id;
    },

    /** New records with their ids set, in multi-row statements (bulk loads). */
    insertMany(list: readonly R[]): void {
      insertRows(db, POST_COLUMNS, list.map(newPostValues));
      const texts = list.flatMap((record) => textValues(record.id, kind, textsOf(record)));
      insertRows(db, TEXT_COLUMNS, texts);
      insertRows(db, columns, list.map(rowValues));
      for (const link of links)
        insertRows(
          db,
          link.columns,
          list.flatMap((record) => link.valuesOf(record)),
        );
    },

    /**
     * Stores a changed record; `before`: the record as stored, whose fields it stamps with the
     * revision where they differ. Nothing is read back.
     */
    update(record: R, before: R): void {
      const row = postRowOf(record);
      db.prepare(
        `UPDATE posts SET status = ?, status_before_trash = ?, author = ?, password = ?, date_utc = ?,
           modified_utc = ?, rev = ?, field_revs = json_patch(field_revs, ?) WHERE id = ?`,
      ).run(
        row.status,
        row.status_before_trash,
        row.author,
        row.password,
        row.date_utc,
        row.modified_utc,
        row.rev,
        fieldPatch(changedFieldKeys(kind, before, record), record.rev),
        row.id,
      );
      write(record, false);
    },
  };
}
