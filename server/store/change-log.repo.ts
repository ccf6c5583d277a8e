/**
 * The global change sequence and tombstones. `write` is how services change data:
 * one transaction, one new sequence number for every record it touches, listeners told after
 * the commit (the sync stream pokes clients from there). A write inside a write joins it: an
 * event created with an inline venue is one change, with one revision.
 */
import type { Kind } from '#shared/kinds/registry.ts';
import type { Database } from './database.ts';

export type ChangeLog = {
  /**
   * Runs `work` in a transaction with the next sequence number as the revision of its changes.
   * `after`: the revision is also past this one (a restored snapshot brings its own sequence).
   * `alone`: in a transaction of its own, not in the turn's group of writes (database.ts).
   */
  write<T>(work: (rev: number) => T, options?: { after?: number; alone?: boolean }): T;
  current(): number;
  /** The last committed sequence number, without a query (this process is the only writer). */
  latest(): number;
  tombstone(kind: Kind, uuid: string, recordId: number, rev: number, deletedUtc: string): void;
  onCommit(listener: (rev: number) => void): () => void;
  /**
   * Runs `work`, a write through another connection to the database (a large file's import in
   * a worker thread; database.ts `writeAside`), told the highest revision given so far, which
   * its own must pass (`createChangeLog`'s `given`). What it committed is then announced as this
   * connection's commits are: the caches keyed by `latest()` move on, listeners are told.
   */
  writeAside<T>(work: (given: number, signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Undefined when a write may run now; else settles when the write aside ends (database.ts). */
  writable(): Promise<void> | undefined;
  /**
   * The events the changes after `after` wrote or deleted, when they touched nothing else (no
   * venue, organizer or term) and no more than `limit` events; else undefined. Every write
   * stamps its revision on the records it touches (sync pulls by it), so this is exact.
   */
  eventsTouchedSince(after: number, limit: number): ReadonlySet<number> | undefined;
};

/**
 * `given`: for a second connection's change log (a write aside), the highest revision the
 * first has given, committed or not: revisions are never given twice.
 */
export function createChangeLog(db: Database, options: { given?: number } = {}): ChangeLog {
  const listeners = new Set<(rev: number) => void>();
  let open: number | undefined;
  const read = () =>
    (db.prepare('SELECT seq FROM change_counter WHERE id = 1').get() as { seq: number }).seq;
  let committed = read();
  const announce = (rev: number) => {
    committed = rev;
    for (const listener of listeners) listener(rev);
  };
  /**
   * After a failed write (a full disk at COMMIT included) the sequence is what the database
   * holds: normally the revision before, rolled back; if the commit landed although SQLite
   * reported an error, that revision is real and is announced like any other. The same after
   * a write aside: what it committed is announced.
   */
  const catchUp = () => {
    let stored: number;
    try {
      stored = read();
    } catch {
      return; // the disk cannot even be read: nothing was seen to commit
    }
    if (stored > committed) announce(stored);
  };
  /**
   * Revisions announced and then lost with their group of writes (its COMMIT failed): never
   * given again (`floor`), and nothing kept from them can be brought up to date, since the
   * rows that made them are gone.
   */
  let floor = options.given ?? 0;
  let lastTouched: { question: string; answer: ReadonlySet<number> | undefined } | undefined;
  const lostRevisions: { after: number; upTo: number }[] = [];
  db.onGroupLost(() => {
    const announced = committed;
    let stored: number;
    try {
      stored = read();
    } catch {
      stored = 0; // unreadable: nothing kept may be carried from anything
    }
    lostRevisions.push({ after: stored, upTo: announced });
    floor = Math.max(floor, announced);
    committed = stored;
    lastTouched = undefined;
    for (const listener of listeners) listener(stored);
  });
  /** See `eventsTouchedSince`. */
  const touchedSince = (after: number, limit: number): ReadonlySet<number> | undefined => {
    if (lostRevisions.some((lost) => after > lost.after && after <= lost.upTo)) return undefined;
    if (db.prepare('SELECT 1 FROM terms WHERE rev > ? LIMIT 1').get(after)) return undefined;
    const touched = db
      .prepare(
        `SELECT id, kind FROM posts WHERE rev > ?
         UNION ALL SELECT record_id, kind FROM tombstones WHERE rev > ? LIMIT ?`,
      )
      .all(after, after, limit + 1) as { id: number; kind: string }[];
    if (touched.length > limit || touched.some((row) => row.kind !== 'event')) return undefined;
    return new Set(touched.map((row) => row.id));
  };
  return {
    write(work, options) {
      if (open !== undefined) return work(open);
      let rev = 0;
      let result;
      try {
        result = db.transaction(
          () => {
            const row = db
              .prepare('UPDATE change_counter SET seq = max(seq, ?) + 1 WHERE id = 1 RETURNING seq')
              .get(Math.max(options?.after ?? 0, floor)) as { seq: number };
            rev = row.seq;
            open = rev;
            try {
              return work(rev);
            } finally {
              open = undefined;
            }
          },
          { alone: options?.alone ?? false },
        );
      } catch (error) {
        catchUp();
        throw error;
      }
      announce(rev);
      return result;
    },
    current: read,
    latest: () => committed,
    tombstone(kind, uuid, recordId, rev, deletedUtc) {
      db.prepare(
        `INSERT INTO tombstones (uuid, kind, record_id, rev, deleted_utc) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (uuid) DO UPDATE SET rev = excluded.rev, deleted_utc = excluded.deleted_utc`,
      ).run(uuid, kind, recordId, rev, deletedUtc);
    },
    eventsTouchedSince(after, limit) {
      // Every kept value that moves to the same change asks the same question: once is enough.
      const question = `${after}|${limit}|${committed}`;
      if (lastTouched?.question !== question)
        lastTouched = { question, answer: touchedSince(after, limit) };
      return lastTouched.answer;
    },
    onCommit(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    writeAside: (work) =>
      db.writeAside(async (signal) => {
        try {
          return await work(Math.max(floor, committed), signal);
        } finally {
          catchUp();
        }
      }),
    writable: () => db.writable(),
  };
}
