/**
 * SQL for a linked-post kind: its row beside the `posts` row and texts, assembled into the
 * shared record. Lists return every id in order (the domain keeps them per change and pages
 * them); records load in one batch.
 */
import type { Language } from '#shared/languages.ts';
import type { PostStatus } from '#shared/schemas/common.ts';
import type { Database, SqlValue } from './database.ts';
import { conditions, jsonList } from './sql.ts';
import type { Multilingual } from '#shared/schemas/multilingual.ts';
import { createPostRecordsRepo, type PostRecord } from './post-records.repo.ts';
import { matchFragments } from './search.ts';

export type LinkedPostFilter = {
  statuses: readonly PostStatus[];
  /** For callers who are not editors: unpublished posts only when this user wrote them. */
  unpublishedOnlyBy?: number | undefined;
  /** `public`: a visitor's search, which never matches a password-protected record. */
  search?: { fragments: string[]; languages: Language[]; public: boolean } | undefined;
  /** Only those linked to this event. */
  event?: number | undefined;
  /** Linked (true) or not (false) to an event that is not a draft, pending or trashed. */
  hasEvents?: boolean | undefined;
  /** Linked to an event of these statuses starting at or after `from` (UTC). */
  upcoming?: { from: string; statuses: readonly PostStatus[] } | undefined;
};

export type LinkedPostKind = 'venue' | 'organizer';

/** A venue or an organizer: the post's fields, its name, and the kind's details. */
export type LinkedPost<D> = PostRecord & { name: Multilingual } & D;

/** What the store knows of a linked-post kind: its table, its columns, how events link to it. */
export type LinkedPostTable<D> = {
  kind: LinkedPostKind;
  /** Table of kind-specific columns, keyed by post_id. */
  table: 'venues' | 'organizers';
  /** Its columns besides post_id, in the order toColumns gives values. */
  columns: readonly string[];
  /** Shared columns TEC's search looks in besides title, content and excerpt. */
  searchColumns: readonly string[];
  toColumns(details: D): SqlValue[];
  fromRow(row: Record<string, SqlValue>): D;
  /** SQL selecting `event_id, start_utc` of the events linked to the post whose id is `post`. */
  linkedEvents(post: string): string;
  /** SQL selecting the ids of posts of this kind linked to the event bound as `?`. */
  linkedToEvent: string;
};

export type LinkedPostsRepo<D> = ReturnType<typeof createLinkedPostsRepo<D>>;

export function createLinkedPostsRepo<D>(db: Database, spec: LinkedPostTable<D>) {
  const { kind, table } = spec;
  const records = createPostRecordsRepo<LinkedPost<D>>(db, {
    kind,
    table,
    columns: spec.columns,
    toValues: (record) => spec.toColumns(record),
    selectRows: `SELECT * FROM ${table} WHERE post_id IN (SELECT value FROM json_each(?))`,
    reader: () => (row) => spec.fromRow(row) as never,
  });

  return {
    ...records,

    /** Events linked to this post (their output changes when it goes away). */
    linkedEventIds(id: number): number[] {
      const rows = db.prepare(`SELECT event_id FROM (${spec.linkedEvents('?')})`).all(id) as {
        event_id: number;
      }[];
      return rows.map((row) => row.event_id);
    },

    /** Every record the filter selects, newest first (TEC's order); the domain keeps them. */
    list(filter: LinkedPostFilter): number[] {
      const where = conditions().add('p.kind = ?', kind);
      where.add('p.status IN (SELECT value FROM json_each(?))', jsonList(filter.statuses));
      if (filter.unpublishedOnlyBy !== undefined)
        where.add("p.status = 'publish' OR p.author = ?", filter.unpublishedOnlyBy);
      if (filter.search) {
        const { fragments, languages } = filter.search;
        // A visitor's search never matches a password-protected record (WordPress's rule).
        if (filter.search.public) where.add("p.password = ''");
        const texts = matchFragments(['t.title', 't.description', 't.excerpt'], fragments);
        const details = matchFragments(
          spec.searchColumns.map((column) => `x.${column}`),
          fragments,
        );
        where.add(
          `EXISTS (SELECT 1 FROM post_texts t WHERE t.post_id = p.id
             AND t.language IN (SELECT value FROM json_each(?)) AND (${texts.sql})) OR (${details.sql})`,
          jsonList(languages),
          ...texts.values,
          ...details.values,
        );
      }
      if (filter.event !== undefined) where.add(`p.id IN (${spec.linkedToEvent})`, filter.event);
      if (filter.hasEvents !== undefined) {
        where.add(
          `${filter.hasEvents ? '' : 'NOT '}EXISTS (SELECT 1 FROM (${spec.linkedEvents('p.id')}) l
             JOIN posts ep ON ep.id = l.event_id WHERE ep.status NOT IN ('draft', 'pending', 'trash'))`,
        );
      }
      if (filter.upcoming) {
        where.add(
          `EXISTS (SELECT 1 FROM (${spec.linkedEvents('p.id')}) l JOIN posts ep ON ep.id = l.event_id
             WHERE l.start_utc >= ? AND ep.status IN (SELECT value FROM json_each(?)))`,
          filter.upcoming.from,
          jsonList(filter.upcoming.statuses),
        );
      }
      const statement = db.prepare(
        `SELECT p.id FROM posts p JOIN ${table} x ON x.post_id = p.id ${where.sql}
         ORDER BY p.date_utc DESC, p.id DESC`,
      );
      statement.setReturnArrays(true);
      const rows = statement.all(...where.values) as unknown as [number][];
      return rows.map((row) => row[0]);
    },
  };
}
