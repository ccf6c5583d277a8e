/**
 * SQL for a linked-post kind: its row beside the `posts` row and texts, assembled into the
 * shared record. Lists return one page of ids and the total; records load in one batch.
 */
import type { Language } from '#shared/languages.ts';
import { changedFieldKeys } from '#shared/sync/fields.ts';
import type { PostStatus } from '#shared/schemas/common.ts';
import type { Database, SqlValue } from '../../store/database.ts';
import { conditions, jsonList } from '../../store/sql.ts';
import { postMetaOf, postRowOf, type PostsRepo } from '../posts/posts.repo.ts';
import { matchFragments } from '../posts/search.ts';
import type { LinkedPost, LinkedPostBody, LinkedPostSpec } from './linked-post.ts';

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
  limit: number;
  offset: number;
};

export type LinkedPostsRepo<D> = ReturnType<typeof createLinkedPostsRepo<D, LinkedPostBody>>;

export function createLinkedPostsRepo<D, B extends LinkedPostBody>(
  db: Database,
  posts: PostsRepo,
  spec: LinkedPostSpec<D, B>,
) {
  const { kind, table, columns } = spec;
  const upsert = `INSERT INTO ${table} (post_id, ${columns.join(', ')}) VALUES (?, ${columns.map(() => '?').join(', ')})
    ON CONFLICT (post_id) DO UPDATE SET ${columns.map((column) => `${column} = excluded.${column}`).join(', ')}`;

  function getMany(ids: readonly number[]): LinkedPost<D>[] {
    if (ids.length === 0) return [];
    const postRows = posts.getRows(ids);
    const texts = posts.getTexts(ids);
    const rows = db
      .prepare(`SELECT * FROM ${table} WHERE post_id IN (SELECT value FROM json_each(?))`)
      .all(jsonList(ids)) as Record<string, SqlValue>[];
    const details = new Map(rows.map((row) => [Number(row.post_id), row]));
    return ids.flatMap((id) => {
      const post = postRows.get(id);
      const row = details.get(id);
      if (!post || !row) return [];
      const text = texts.get(id) ?? { title: {}, description: {}, excerpt: {}, slug: {} };
      const record: LinkedPost<D> = {
        ...postMetaOf(post),
        name: text.title,
        description: text.description,
        excerpt: text.excerpt,
        slug: text.slug,
        ...spec.fromRow(row),
      };
      return [record];
    });
  }

  function write(record: LinkedPost<D>): void {
    db.prepare(upsert).run(record.id, ...spec.toColumns(record));
    posts.setTexts(record.id, kind, {
      title: record.name,
      description: record.description,
      excerpt: record.excerpt,
      slug: record.slug,
    });
  }

  return {
    getMany,
    get: (id: number): LinkedPost<D> | undefined => getMany([id])[0],

    insert(record: LinkedPost<D>): number {
      const id = posts.insert(kind, postRowOf(record), changedFieldKeys(kind, undefined, record));
      write({ ...record, id });
      return id;
    },

    /** `before`: the record as stored, whose fields it stamps where they differ. */
    update(record: LinkedPost<D>, before: LinkedPost<D>): void {
      posts.update(postRowOf(record));
      write(record);
      posts.stampFields(record.id, changedFieldKeys(kind, before, record), record.rev);
    },

    /** Events linked to this post (their output changes when it goes away). */
    linkedEventIds(id: number): number[] {
      const rows = db.prepare(`SELECT event_id FROM (${spec.linkedEvents('?')})`).all(id) as {
        event_id: number;
      }[];
      return rows.map((row) => row.event_id);
    },

    list(filter: LinkedPostFilter): { ids: number[]; total: number } {
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
      const from = `FROM posts p JOIN ${table} x ON x.post_id = p.id ${where.sql}`;
      const total = (
        db.prepare(`SELECT COUNT(*) AS n ${from}`).get(...where.values) as { n: number }
      ).n;
      const rows = db
        .prepare(`SELECT p.id ${from} ORDER BY p.date_utc DESC, p.id DESC LIMIT ? OFFSET ?`)
        .all(...where.values, filter.limit, filter.offset) as { id: number }[];
      return { ids: rows.map((row) => row.id), total };
    },
  };
}
