import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { insertRows } from './sql.ts';

let dir: string;
let db: Database;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-sql-'));
  db = openDatabase(join(dir, 'test.db'));
  db.exec('CREATE TABLE pairs (n INTEGER PRIMARY KEY, word TEXT NOT NULL)');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const stored = () => db.prepare('SELECT n, word FROM pairs ORDER BY n').all();

describe('insertRows', () => {
  it('stores every row, full groups and the rest alike', () => {
    const rows = Array.from({ length: 64 * 2 + 5 }, (_, n) => [n, `w${n}`]);
    insertRows(db, 'pairs (n, word)', rows);
    expect(stored()).toEqual(rows.map(([n, word]) => ({ n, word })));
  });

  it('does nothing for no rows, and fails whole on a bad one inside a transaction', () => {
    insertRows(db, 'pairs (n, word)', []);
    expect(stored()).toEqual([]);
    const rows = Array.from({ length: 70 }, (_, n) => [n, n === 30 ? null : `w${n}`]);
    expect(() => db.transaction(() => insertRows(db, 'pairs (n, word)', rows))).toThrow(/NOT NULL/);
    expect(stored()).toEqual([]);
  });
});
