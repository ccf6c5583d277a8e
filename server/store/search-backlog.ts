/**
 * The search index after a bulk load (migration 0005). Filling the trigram index costs about
 * 23 µs per text, 7–9 s of a 100k-event restore in three languages, so a load does not wait
 * for it: it leaves a backlog row, and the texts are indexed after the commit, a chunk per
 * transaction, between requests. Searches scan the texts until the backlog is gone (event-list.sql.ts), so they are
 * right all along; the triggers keep texts written meanwhile indexed, and the fill skips them.
 */
import type { Database } from './database.ts';
import { SEARCH_ROWID } from './migrations/0012-search-by-language.ts';

/** Texts per chunk: about 50 ms of indexing, so a request waits at most that long. */
const CHUNK_TEXTS = 2000;
/** After a chunk failed (the database was busy), the next try. */
const RETRY_MS = 5000;

/** Inside a load's transaction: texts written from here on are indexed after the commit. */
export function markSearchBacklog(db: Database): void {
  db.prepare(
    `INSERT INTO event_search_backlog (id, next_post_id) VALUES (1, 0)
     ON CONFLICT (id) DO UPDATE SET next_post_id = 0`,
  ).run();
}

/** True when every event text is in the search index. */
export function searchIndexComplete(db: Database): boolean {
  return db.prepare('SELECT 1 FROM event_search_backlog').get() === undefined;
}

/** Indexes the next chunk of the backlog in its own transaction; false once none is left. */
export function fillSearchChunk(db: Database, chunkTexts = CHUNK_TEXTS): boolean {
  return db.transaction(() => {
    const backlog = db.prepare('SELECT next_post_id AS next FROM event_search_backlog').get() as
      { next: number } | undefined;
    if (!backlog) return false;
    // The chunk ends where the text after its last one begins (texts are keyed by post id).
    const end = db
      .prepare(
        `SELECT post_id AS id FROM post_texts WHERE post_id >= ? ORDER BY post_id LIMIT 1 OFFSET ?`,
      )
      .get(backlog.next, chunkTexts) as { id: number } | undefined;
    db.prepare(
      `INSERT INTO event_search (rowid, title, excerpt, description)
       SELECT text.search_rowid, title, excerpt, description FROM (
         SELECT ${SEARCH_ROWID} AS search_rowid, title, excerpt, description FROM post_texts
         WHERE post_id >= ? AND post_id < ? AND kind = 'event') AS text
       WHERE NOT EXISTS (SELECT 1 FROM event_search s WHERE s.rowid = text.search_rowid)`,
    ).run(backlog.next, end?.id ?? Number.MAX_SAFE_INTEGER);
    // A chunk holds whole posts (a post has at most 8 texts): the next starts at `end`.
    const next = end?.id;
    if (next === undefined) db.prepare('DELETE FROM event_search_backlog').run();
    else db.prepare('UPDATE event_search_backlog SET next_post_id = ?').run(next);
    return next !== undefined;
  });
}

export type SearchBackfill = {
  /** Starts filling between tasks when there is a backlog (safe to call after every write). */
  schedule(): void;
  /** Fills the whole backlog now (command-line tools, before they exit). */
  finish(): void;
  /** Stops filling; the backlog stays for the next start. */
  stop(): void;
};

export function createSearchBackfill(db: Database): SearchBackfill {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const schedule = () => {
    if (timer || stopped || searchIndexComplete(db)) return;
    timer = setTimeout(next, 0).unref();
  };
  const next = () => {
    timer = undefined;
    if (stopped) return;
    // A file's import writes aside (database.ts): the fill goes on once it has ended.
    const held = db.writable();
    if (held) return void held.then(schedule);
    try {
      if (fillSearchChunk(db)) timer = setTimeout(next, 0).unref();
    } catch {
      // Another process held the write lock past the busy timeout (a command-line tool beside
      // the server): the chunk rolled back and the backlog is as it was, so try again later.
      timer = setTimeout(next, RETRY_MS).unref();
    }
  };
  return {
    schedule,
    finish() {
      while (fillSearchChunk(db, CHUNK_TEXTS * 50));
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
