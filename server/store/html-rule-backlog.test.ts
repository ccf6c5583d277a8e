import { describe, expect, it } from 'vitest';
import { createHtmlRuleBacklog } from './html-rule-backlog.ts';
import { migrate } from './migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { addEvent, databasePerTest } from './store-test-fixtures.ts';

const db = databasePerTest();

/** A store as version 14 left it, with users 2 (editor), 3 (author), 4 (revoked contributor). */
function olderStore(): void {
  migrate(
    db(),
    MIGRATIONS.filter((migration) => migration.version <= 14),
  );
  db().exec(`
    INSERT INTO users (id, name, role, created_utc) VALUES
      (2, 'ed', 'editor', '2026-01-01 00:00:00'),
      (3, 'au', 'author', '2026-01-01 00:00:00');
    INSERT INTO users (id, name, role, created_utc, revoked_utc) VALUES
      (4, 'co', 'contributor', '2026-01-01 00:00:00', '2026-02-01 00:00:00');
  `);
}

const byAuthor = (id: number, author: number) => {
  addEvent(db(), id, `Event ${id}`);
  db().prepare('UPDATE posts SET author = ? WHERE id = ?').run(author, id);
};

describe('the backlog of texts stored before the HTML rule (migration 0015)', () => {
  it('is empty in a new calendar', () => {
    migrate(db());
    expect(createHtmlRuleBacklog(db()).next()).toBeUndefined();
  });

  it('is empty when every post is an admin’s or an editor’s', () => {
    olderStore();
    byAuthor(1, 1);
    byAuthor(2, 2);
    expect(migrate(db())).toEqual([15, 16, 17]);
    expect(createHtmlRuleBacklog(db()).next()).toBeUndefined();
  });

  it('holds the posts of authors and contributors, revoked ones too, a chunk at a time', () => {
    olderStore();
    for (const [id, author] of [
      [1, 1],
      [2, 4],
      [3, 2],
      [4, 3],
      [5, 3],
    ] as const)
      byAuthor(id, author);
    migrate(db());
    const backlog = createHtmlRuleBacklog(db());
    expect(backlog.next()).toBe(0);
    // The trusted ids are the domain's answer (the roles with unfiltered_html).
    expect(backlog.posts(0, [1, 2], 2)).toEqual([
      { id: 2, kind: 'event' },
      { id: 4, kind: 'event' },
    ]);
    expect(backlog.posts(5, [1, 2], 2)).toEqual([{ id: 5, kind: 'event' }]);
    backlog.advance(5);
    expect(backlog.next()).toBe(5);
    backlog.advance(undefined);
    expect(backlog.next()).toBeUndefined();
  });
});
