/**
 * The post kernel's store: one repo that reads and writes whole records of every post kind
 * (events, venues, organizers). A kind's PostTable says what differs: its own table and
 * columns, how its rows become the record's fields, which record field is its name, and the
 * link tables written beside it (an event's organizers and terms).
 */
import { changedFieldKeys } from '#shared/sync/fields.ts';
import type { Multilingual } from '#shared/schemas/multilingual.ts';
import type { Database, SqlValue } from './database.ts';
import { insertRows, jsonList } from './sql.ts';
import {
  postMetaOf,
  postRowOf,
  type PostKind,
  type PostMeta,
  type PostsRepo,
  type PostTexts,
} from './posts.repo.ts';

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
  /** The record field that is the post's title (`title` for events, `name` for the others). */
  nameField: 'title' | 'name';
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

export type PostRecordsRepo<R extends PostRecord> = ReturnType<typeof createPostRecordsRepo<R>>;

export function createPostRecordsRepo<R extends PostRecord>(
  db: Database,
  posts: PostsRepo,
  table: PostTable<R>,
) {
  const { kind, nameField, links = [] } = table;
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

  /** `fresh`: a new record, with no texts or links to replace. */
  function write(record: R, fresh: boolean): void {
    db.prepare(upsert).run(...rowValues(record));
    posts.setTexts(record.id, kind, textsOf(record), fresh);
    for (const link of links) {
      if (!fresh) db.prepare(link.clear).run(record.id);
      const insert = db.prepare(`INSERT INTO ${link.columns} VALUES (?, ?, ?)`);
      for (const values of link.valuesOf(record)) insert.run(...values);
    }
  }

  function getMany(ids: readonly number[]): R[] {
    if (ids.length === 0) return [];
    const list = jsonList(ids);
    const postRows = posts.getRows(ids);
    const texts = posts.getTexts(ids);
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
      const id = posts.insert(kind, postRowOf(record), changedFieldKeys(kind, undefined, record));
      write({ ...record, id }, true);
      return id;
    },

    /** New records with their ids set, in multi-row statements (bulk loads). */
    insertMany(list: readonly R[]): void {
      posts.insertMany(
        kind,
        list.map((record) => ({
          row: postRowOf(record),
          fields: changedFieldKeys(kind, undefined, record),
          texts: textsOf(record),
        })),
      );
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
      posts.update(postRowOf(record));
      write(record, false);
      posts.stampFields(record.id, changedFieldKeys(kind, before, record), record.rev);
    },
  };
}
