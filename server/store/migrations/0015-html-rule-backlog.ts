/**
 * 0015 — texts stored before WordPress's rule of who may write HTML are to be cleaned by their
 * author's role (domain/posts/texts-before-html-rule.ts). Until then an author's or a
 * contributor's `<script>`, `on*=` handler or `javascript:` link written before the rule would
 * reach website builds through the public API, the ICS feed and the exports.
 *
 * The cleaning is the domain's (the rules are shared/text/kses/, the writes go through the post
 * kernel and the change log, so replicas and the website get the cleaned texts), so this only
 * leaves a row saying the posts are to be checked, from `next_post_id` on. A calendar whose posts
 * are all its admins' and editors' (the usual one-user calendar, a new one) gets no row and no
 * pass: finding that out reads the posts' author index once, here. The roles with
 * `unfiltered_html` are those of this version (auth/capabilities.ts); an author with no user row
 * is checked. A snapshot restore replaces the row with the snapshot's, as it replaces the
 * records the row is about: an older snapshot's records are then cleaned after the restore.
 */
export const migration = {
  version: 15,
  name: 'html-rule-backlog',
  sql: `
CREATE TABLE html_rule_backlog (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  next_post_id INTEGER NOT NULL
);
INSERT INTO html_rule_backlog (id, next_post_id)
  SELECT 1, 0 WHERE EXISTS (
    SELECT 1 FROM posts
    WHERE author NOT IN (SELECT id FROM users WHERE role IN ('admin', 'editor')));
`,
};
