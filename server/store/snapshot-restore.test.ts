import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createChangeLog, type ChangeLog } from './change-log.repo.ts';
import { writeSnapshotFile } from './snapshot-file.ts';
import { calendarTables, restoreSnapshotFile } from './snapshot-restore.ts';
import { addEvent, found, storePerTest } from '../../test/support/store-fixtures.ts';

const temp = storePerTest();
let changes: ChangeLog;
beforeEach(() => {
  changes = createChangeLog(temp.store.db);
});

const post = (id: number) => {
  const row = temp.store.db.prepare('SELECT rev, field_revs FROM posts WHERE id = ?').get(id) as
    { rev: number; field_revs: string } | undefined;
  return row && { rev: row.rev, fieldRevs: JSON.parse(row.field_revs) as unknown };
};

const title = (id: number) =>
  (
    temp.store.db.prepare('SELECT title FROM post_texts WHERE post_id = ?').get(id) as
      { title: string } | undefined
  )?.title;

describe('restoring a snapshot in place', () => {
  it('replaces exactly the tables of the records, children before the posts and terms', () => {
    // A new table in a migration must be placed on purpose: restored with the records, or kept.
    const tables = calendarTables(temp.store.db);
    expect([...tables].sort()).toEqual([
      'event_ical',
      'event_organizers',
      'event_terms',
      'events',
      // What is left to clean of the records' texts: the snapshot's own (migration 0015).
      'html_rule_backlog',
      'organizers',
      'post_texts',
      'posts',
      'term_texts',
      'terms',
      'venues',
    ]);
    expect(tables.indexOf('posts')).toBeGreaterThan(tables.indexOf('events'));
    expect(tables.indexOf('terms')).toBeGreaterThan(tables.indexOf('event_terms'));
  });

  it('brings the records back as one new revision, with field revisions that show what changed', () => {
    const { db } = temp.store;
    const first = changes.write((rev) => {
      addEvent(db, 1, 'Alphabet');
      db.prepare(
        `UPDATE posts SET rev = ?1, field_revs = json_object('title.fr', CAST(?1 AS INTEGER), 'start', CAST(?1 AS INTEGER))`,
      ).run(rev);
      return rev;
    });
    const file = join(temp.dir, 'snapshot.db');
    writeSnapshotFile(db, file);
    changes.write((rev) => {
      db.prepare("UPDATE post_texts SET title = 'Betamax' WHERE post_id = 1").run();
      db.prepare(
        `UPDATE posts SET rev = ?1, field_revs = json_set(field_revs, '$."title.fr"', CAST(?1 AS INTEGER)) WHERE id = 1`,
      ).run(rev);
      addEvent(db, 2, 'Gamma ray');
      db.prepare('UPDATE posts SET rev = ? WHERE id = 2').run(rev);
    });
    const before = changes.latest();

    const rev = restoreSnapshotFile(db, changes, file, {
      seq: first,
      nowUtc: '2026-11-20 10:00:00',
    });

    expect(rev).toBe(before + 1);
    expect(changes.latest()).toBe(rev);
    expect(title(1)).toBe('Alphabet');
    // The title changed after the snapshot and back: the restore's revision. The start did not.
    expect(post(1)).toEqual({
      rev,
      fieldRevs: { 'title.fr': rev, start: first },
    });
    // Made after the snapshot: gone, with a tombstone at the restore's revision.
    expect(post(2)).toBeUndefined();
    expect(db.prepare('SELECT kind, record_id, rev FROM tombstones').all()).toEqual([
      { kind: 'event', record_id: 2, rev },
    ]);
    // Replicas from before start over; ids are not given twice.
    expect(
      db.prepare("SELECT value FROM sync_state WHERE key = 'tombstone_horizon'").get(),
    ).toEqual({ value: String(rev) });
    expect(db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'posts'").get()).toEqual({
      seq: 2,
    });
    // The search index is made again after the commit, from the restored texts.
    temp.store.searchBackfill.finish();
    expect(found(db, 'Alphabet')).toEqual([1]);
    expect(found(db, 'Betamax')).toEqual([]);
    expect(found(db, 'Gamma')).toEqual([]);
    expect(db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
  });

  it('moves the sequence past a snapshot that had gone further', () => {
    const file = join(temp.dir, 'snapshot.db');
    writeSnapshotFile(temp.store.db, file);
    const rev = restoreSnapshotFile(temp.store.db, changes, file, {
      seq: 500,
      nowUtc: '2026-11-20 10:00:00',
    });
    expect(rev).toBe(501);
    expect(changes.current()).toBe(501);
  });
});
