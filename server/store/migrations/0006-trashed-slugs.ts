/**
 * 0006 — trash frees the slug (shared/text/trashed-slug.ts). Posts already in the trash before
 * that rule get `slug__trashed` in every language now, not only at their next write, so their
 * slugs are free for new records at once. It is one revision, stamped on the posts it changes
 * and on their slugs' field revisions, so replicas pull the new slugs and a stale edit of one
 * is a conflict. A live slug never contains `__`, so no trashed slug collides.
 */
const STALE = `p.status = 'trash' AND t.slug <> '' AND instr(t.slug, '__trashed') = 0`;

export const migration = {
  version: 6,
  name: 'trashed-slugs',
  sql: `
UPDATE change_counter SET seq = seq + 1
  WHERE id = 1
    AND EXISTS (SELECT 1 FROM posts p JOIN post_texts t ON t.post_id = p.id WHERE ${STALE});
UPDATE posts SET rev = (SELECT seq FROM change_counter WHERE id = 1),
    field_revs = json_patch(field_revs, (
      SELECT json_group_object('slug.' || t.language, (SELECT seq FROM change_counter WHERE id = 1))
      FROM posts p JOIN post_texts t ON t.post_id = p.id WHERE p.id = posts.id AND ${STALE}))
  WHERE id IN (SELECT p.id FROM posts p JOIN post_texts t ON t.post_id = p.id WHERE ${STALE});
UPDATE post_texts AS t SET slug = t.slug || '__trashed'
  WHERE t.slug <> '' AND instr(t.slug, '__trashed') = 0
    AND t.post_id IN (SELECT id FROM posts p WHERE p.status = 'trash');
`,
};
