/**
 * Lookups across the `posts` rows behind events, venues and organizers (a post's kind, slugs,
 * titles, field revisions), the stamps a write puts on the posts that name another, and
 * deleting for good. Reading and writing whole records is the post kernel's repo's
 * (post-records.repo.ts).
 */
import type { PostKind } from '#shared/kinds/registry.ts';
import type { Language } from '#shared/languages.ts';
import type { PostStatus } from '#shared/schemas/common.ts';
import { TRASHED_SUFFIX, untrashedSlug } from '#shared/text/trashed-slug.ts';
import type { Database } from './database.ts';
import { jsonList } from './sql.ts';

/** A JSON object giving every field key the same revision, for json_patch. */
export function fieldPatch(fields: readonly string[], rev: number): string {
  return JSON.stringify(Object.fromEntries(fields.map((field) => [field, rev])));
}

export type PostsRepo = ReturnType<typeof createPostsRepo>;

export function createPostsRepo(db: Database) {
  return {
    /** A post's revision (0: no such post). */
    revOf(id: number): number {
      const row = db.prepare('SELECT rev FROM posts WHERE id = ?').get(id) as
        { rev: number } | undefined;
      return row?.rev ?? 0;
    },

    /** Who wrote a post and its status: what the rights on it depend on. */
    ownership(id: number): { author: number; status: PostStatus } | undefined {
      return db.prepare('SELECT author, status FROM posts WHERE id = ?').get(id) as
        { author: number; status: PostStatus } | undefined;
    },

    kindOf(id: number): PostKind | undefined {
      const row = db.prepare('SELECT kind FROM posts WHERE id = ?').get(id) as
        { kind: PostKind } | undefined;
      return row?.kind;
    },

    delete(id: number): void {
      db.prepare('DELETE FROM posts WHERE id = ?').run(id);
    },

    /**
     * The owners of `root` and of every numbered slug after it (`root-2`, `root-17`…) among
     * posts of this kind in `language`: one range of the unique slug index, so finding the
     * next free `-N` (WordPress asks one slug at a time) is one query however many there are.
     * One range, `root` up to `root-:` (':' sorts after the digits): it may hold a few other
     * slugs (`root--x`), which nobody asks about. `slug = root OR slug in root-0…root-:` made
     * SQLite walk the language's every slug when a bulk load had set aside the other slug index
     * (10 ms a create at 100k, so an import of 100k took minutes).
     * `slug <> ''` lets that partial index answer.
     */
    slugFamily(kind: PostKind, language: Language, root: string): Map<string, number> {
      const rows = db
        .prepare(
          `SELECT slug, post_id FROM post_texts
           WHERE kind = ? AND language = ? AND slug <> '' AND slug >= ? AND slug < ?`,
        )
        .all(kind, language, root, `${root}-:`) as {
        slug: string;
        post_id: number;
      }[];
      return new Map(rows.map((row) => [row.slug, row.post_id]));
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

    /** Posts of a kind, not trashed, in id order (a venues or organizers file's rows). */
    untrashedIds(kind: PostKind): number[] {
      const rows = db
        .prepare(`SELECT id FROM posts WHERE kind = ? AND status <> 'trash' ORDER BY id`)
        .all(kind) as { id: number }[];
      return rows.map((row) => row.id);
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

    /** The revision at which each field of a post last changed. */
    fieldRevs(id: number): Record<string, number> {
      const row = db.prepare('SELECT field_revs FROM posts WHERE id = ?').get(id) as
        { field_revs: string } | undefined;
      return row ? (JSON.parse(row.field_revs) as Record<string, number>) : {};
    },
  };
}
