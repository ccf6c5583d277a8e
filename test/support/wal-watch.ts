/**
 * Watching a calendar's write from outside the server, by its WAL file: to stop the server in
 * the middle of a long write (an import), not before it nor after.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { DATABASE_FILE } from '#server/store/open-store.ts';

/** Pages the import's open transaction has written to the WAL: its write is under way. */
const WRITE_UNDER_WAY_BYTES = 8_000_000;

/**
 * Resolves once the calendar's WAL has grown by WRITE_UNDER_WAY_BYTES: the import's transaction
 * is writing (reading the file and the snapshot before the import write no WAL). Given the
 * import's answer, fails as soon as that comes first (the import was refused, or ended before
 * it wrote that much): a test then says so at once instead of waiting for its timeout.
 */
export async function writeUnderWay(dataDir: string, answer?: Promise<unknown>): Promise<void> {
  const wal = join(dataDir, `${DATABASE_FILE}-wal`);
  const size = () => (existsSync(wal) ? statSync(wal).size : 0);
  const start = size();
  let answered: string | undefined;
  void answer?.then(
    (value) => (answered = JSON.stringify(value)?.slice(0, 300) ?? 'no answer'),
    (error: unknown) => (answered = String(error)),
  );
  while (size() < start + WRITE_UNDER_WAY_BYTES) {
    if (answered !== undefined)
      throw new Error(`the import answered before its write was under way: ${answered}`);
    await sleep(5);
  }
}

/**
 * Empties the WAL file before an import whose write `writeUnderWay` watches: SQLite writes a
 * WAL from its start again after a checkpoint without shrinking the file, so a file left large
 * by an earlier write would not grow, and the watch would wait for ever.
 */
export function emptyWal(dataDir: string): void {
  const database = new DatabaseSync(join(dataDir, DATABASE_FILE));
  try {
    database.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    database.close();
  }
}
