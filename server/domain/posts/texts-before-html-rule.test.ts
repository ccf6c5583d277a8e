import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../clock.ts';
import { createChangeLog } from '../../store/change-log.repo.ts';
import { createHtmlRuleBacklog } from '../../store/html-rule-backlog.ts';
import { addEvent, storePerTest } from '../../../test/support/store-fixtures.ts';
import { createDomainServices } from '../domain-services.ts';
import { cleanTextsBeforeHtmlRule } from './texts-before-html-rule.ts';

const temp = storePerTest();
const SCRIPT = 'Hi <script>alert(1)</script><img src=x onerror=alert(2)>';

/** Events 1–5 with the backlog of an upgrade: 3 is the admin's, 4 the author's plain text. */
function upgradedCalendar() {
  const { db } = temp.store;
  db.exec(`
    INSERT INTO users (id, name, role, created_utc) VALUES (2, 'au', 'author', '2026-01-01 00:00:00');
    INSERT INTO html_rule_backlog (id, next_post_id) VALUES (1, 0);
    UPDATE change_counter SET seq = 10;
  `);
  for (const id of [1, 2, 3, 4, 5]) {
    addEvent(db, id, `Event ${id}`);
    db.prepare('UPDATE posts SET author = ? WHERE id = ?').run(id === 3 ? 1 : 2, id);
    db.prepare('UPDATE post_texts SET description = ? WHERE post_id = ?').run(
      id === 4 ? 'Plain <em>text</em>' : SCRIPT,
      id,
    );
  }
  const changes = createChangeLog(db);
  const { users, events, venues, organizers } = createDomainServices(db, changes);
  const deps = {
    backlog: createHtmlRuleBacklog(db),
    users,
    changes,
    clock: fixedClock(new Date('2026-11-27T12:00:00Z')),
    kinds: { event: events, venue: venues, organizer: organizers },
  };
  const rows = () =>
    db
      .prepare(
        `SELECT p.id, p.rev, t.description FROM posts p JOIN post_texts t ON t.post_id = p.id
         ORDER BY p.id`,
      )
      .all();
  const seq = () => (db.prepare('SELECT seq FROM change_counter').get() as { seq: number }).seq;
  return { deps, rows, seq };
}

describe('texts stored before the HTML rule', () => {
  it('are cleaned a chunk per write, only where they change', () => {
    const { deps, rows, seq } = upgradedCalendar();
    const cleaned = 'Hi alert(1)<img src="x" />';
    expect(cleanTextsBeforeHtmlRule(deps, 2)).toBe(3);
    // The author's posts come in chunks [1, 2], [4, 5], []: two writes, the last one none.
    expect(rows()).toEqual([
      { id: 1, rev: 11, description: cleaned },
      { id: 2, rev: 11, description: cleaned },
      { id: 3, rev: 1, description: SCRIPT },
      { id: 4, rev: 1, description: 'Plain <em>text</em>' },
      { id: 5, rev: 12, description: cleaned },
    ]);
    expect(seq()).toBe(12);
    expect(deps.backlog.next()).toBeUndefined();
    expect(cleanTextsBeforeHtmlRule(deps, 2)).toBe(0);
    expect(seq()).toBe(12);
  });

  it('go on where a stopped pass left off', () => {
    const { deps, rows } = upgradedCalendar();
    deps.backlog.advance(3);
    expect(cleanTextsBeforeHtmlRule(deps)).toBe(1);
    expect(rows()).toMatchObject([
      { id: 1, description: SCRIPT },
      { id: 2, description: SCRIPT },
      { id: 3, description: SCRIPT },
      { id: 4 },
      { id: 5, description: expect.not.stringContaining('<script') as unknown },
    ]);
  });
});
