import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from './open-store.ts';
import { readSnapshotFacts, writeSnapshotFileAside } from './snapshot-file.ts';
import { addEvent } from './store-test-fixtures.ts';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-snapshot-file-'));
  store = openStore(dir, { lock: false });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const nextTurn = () => new Promise<'turned'>((resolve) => setImmediate(() => resolve('turned')));

describe('a snapshot made aside', () => {
  it('is a copy of the calendar, made while the main thread goes on', async () => {
    for (let day = 1; day <= 3; day += 1) addEvent(store.db, day, `Day ${day}`);
    const target = join(dir, 'copy.db');
    const copying = writeSnapshotFileAside(store.db, target);
    // Made in place (VACUUM INTO on this thread), the copy would be done before the loop turns.
    expect(await Promise.race([copying.then(() => 'copied'), nextTurn()])).toBe('turned');
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM events').get()).toEqual({ n: 3 });
    await copying;
    expect(readSnapshotFacts(target).events).toBe(3);
    expect(readdirSync(dir).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('stops when asked, leaving no file behind', async () => {
    addEvent(store.db, 1, 'Kept');
    const target = join(dir, 'copy.db');
    const stop = new AbortController();
    const copying = writeSnapshotFileAside(store.db, target, stop.signal);
    stop.abort(new Error('closing'));
    await expect(copying).rejects.toThrow('closing');
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(dir).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('fails with the reason when the copy cannot be written', async () => {
    await expect(
      writeSnapshotFileAside(store.db, join(dir, 'missing-folder', 'copy.db')),
    ).rejects.toThrow(/unable to open|no such file/i);
  });
});
