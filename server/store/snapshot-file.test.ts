import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSnapshotFacts, writeSnapshotFileAside } from './snapshot-file.ts';
import { addEvent, storePerTest } from '../../test/support/store-fixtures.ts';

const temp = storePerTest();

const nextTurn = () => new Promise<'turned'>((resolve) => setImmediate(() => resolve('turned')));

describe('a snapshot made aside', () => {
  it('is a copy of the calendar, made while the main thread goes on', async () => {
    for (let day = 1; day <= 3; day += 1) addEvent(temp.store.db, day, `Day ${day}`);
    const target = join(temp.dir, 'copy.db');
    const copying = writeSnapshotFileAside(temp.store.db, target);
    // Made in place (VACUUM INTO on this thread), the copy would be done before the loop turns.
    expect(await Promise.race([copying.then(() => 'copied'), nextTurn()])).toBe('turned');
    expect(temp.store.db.prepare('SELECT COUNT(*) AS n FROM events').get()).toEqual({ n: 3 });
    await copying;
    expect(readSnapshotFacts(target).events).toBe(3);
    expect(readdirSync(temp.dir).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('stops when asked, leaving no file behind', async () => {
    addEvent(temp.store.db, 1, 'Kept');
    const target = join(temp.dir, 'copy.db');
    const stop = new AbortController();
    const copying = writeSnapshotFileAside(temp.store.db, target, stop.signal);
    stop.abort(new Error('closing'));
    await expect(copying).rejects.toThrow('closing');
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(temp.dir).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('fails with the reason when the copy cannot be written', async () => {
    await expect(
      writeSnapshotFileAside(temp.store.db, join(temp.dir, 'missing-folder', 'copy.db')),
    ).rejects.toThrow(/unable to open|no such file/i);
  });
});
