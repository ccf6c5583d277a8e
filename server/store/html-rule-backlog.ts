/**
 * SQL of the posts whose texts were stored before WordPress's rule of who may write HTML
 * (migration 0015): which are left to check, a chunk at a time, up the post ids. The cleaning
 * is the domain's (domain/posts/texts-before-html-rule.ts).
 */
import { type PostKind } from '#shared/kinds/registry.ts';
import type { Database } from './database.ts';
import { jsonList } from './sql.ts';

export type HtmlRuleBacklog = ReturnType<typeof createHtmlRuleBacklog>;

export function createHtmlRuleBacklog(db: Database) {
  return {
    /** The post id the check goes on from; undefined when nothing is left to check. */
    next(): number | undefined {
      const row = db.prepare('SELECT next_post_id AS next FROM html_rule_backlog').get() as
        { next: number } | undefined;
      return row?.next;
    },

    /**
     * Up to `limit` posts from id `from` on, in id order, whose author is none of `trusted`
     * (every status and language: a draft or a trashed post is published or restored later).
     */
    posts(
      from: number,
      trusted: readonly number[],
      limit: number,
    ): { id: number; kind: PostKind }[] {
      return db
        .prepare(
          `SELECT id, kind FROM posts
           WHERE id >= ? AND author NOT IN (SELECT value FROM json_each(?))
           ORDER BY id LIMIT ?`,
        )
        .all(from, jsonList(trusted), limit) as { id: number; kind: PostKind }[];
    },

    /** The check goes on from `next` (undefined: it is done, the row goes). */
    advance(next: number | undefined): void {
      if (next === undefined) db.prepare('DELETE FROM html_rule_backlog').run();
      else db.prepare('UPDATE html_rule_backlog SET next_post_id = ?').run(next);
    },
  };
}
