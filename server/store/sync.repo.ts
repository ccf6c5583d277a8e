/**
 * SQL for sync: what changed since a checkpoint, each client's last applied mutation, the
 * tombstone horizon and the calendar's own id. Changes are ordered by (rev, source, id), so a
 * checkpoint can fall inside one large change (an import of 100k events is one revision) and
 * paging still works.
 */
import { randomUUID } from 'node:crypto';
import type { Kind } from '#shared/kinds/registry.ts';
import type { Database } from './database.ts';

/**
 * Where a pull stopped: after this revision, source and id. `full`: the pull began at 0, so
 * records older than the tombstone horizon (unchanged since a compaction) are still its to
 * read: its next pages are served whatever the horizon (`0:` before the checkpoint).
 */
type Cursor = { rev: number; source: number; id: number; full: boolean };

type ChangeRow = { source: number; kind: Kind; id: number; uuid: string; rev: number };

/**
 * The sources of a revision in the order they are served, each with its number in checkpoints.
 * Terms come before posts: an import or a seed writes a calendar in one revision, and a replica
 * that writes what it pulls through the write commands (a laptop pulling from its hub) cannot
 * write an event before its categories. Served after the posts, they left every event that
 * names one waiting to the end of the pull (100,000 of them at the bench's hub, with the
 * checkpoint held back all the while).
 *
 * The numbers start at 3: checkpoints made while posts came first (0 posts, 1 terms, 2
 * tombstones) mean another order, so such a checkpoint serves its revision again from its
 * start (see parseCursor). A record served twice is merged again; one skipped would be lost.
 */
const SOURCES = [
  { source: 3, select: 'SELECT 3 AS source, taxonomy AS kind, id, uuid, rev FROM terms' },
  { source: 4, select: 'SELECT 4 AS source, kind, id, uuid, rev FROM posts' },
  { source: 5, select: 'SELECT 5 AS source, kind, record_id AS id, uuid, rev FROM tombstones' },
] as const;

export const TOMBSTONE_SOURCE = 5;

/** A checkpoint's source before every source: its revision is served whole. */
const REVISION_START = 0;

/** A checkpoint's source after every source: its revision was served whole. */
const REVISION_END = 6;

const FULL_PULL = '0:';

export function parseCursor(checkpoint: string): Cursor {
  const full = checkpoint === '0' || checkpoint.startsWith(FULL_PULL);
  const position = full ? checkpoint.slice(FULL_PULL.length) : checkpoint;
  const [rev = 0, source = REVISION_END, id = 0] = position.split('.').map(Number);
  // A checkpoint from the order before terms came first: its revision again, from its start.
  if (source < SOURCES[0].source) return { rev, source: REVISION_START, id: 0, full };
  return { rev, source, id, full };
}

/** The checkpoint of a page that stopped at `row`, in a pull that began at 0 or later. */
export function formatCursor(row: ChangeRow, full: boolean): string {
  return `${full ? FULL_PULL : ''}${row.rev}.${row.source}.${row.id}`;
}

const after = (a: ChangeRow, b: ChangeRow) => a.rev - b.rev || a.source - b.source || a.id - b.id;

export type SyncRepo = ReturnType<typeof createSyncRepo>;

export function createSyncRepo(db: Database) {
  return {
    /** Up to `limit` changes after the cursor, in order, and whether more wait. */
    changesSince(cursor: Cursor, limit: number): { rows: ChangeRow[]; more: boolean } {
      const page = (select: string, where: string, params: number[]) =>
        db
          .prepare(`SELECT * FROM (${select}) WHERE ${where} ORDER BY rev, id LIMIT ?`)
          .all(...params, limit + 1) as ChangeRow[];
      const rows = SOURCES.flatMap(({ select, source }) => {
        // Sources before the cursor's, within its revision, were read already; later ones were
        // not. The cursor's own source resumes inside the revision, then goes on after it: two
        // index ranges, so paging through one huge revision never rescans what it passed.
        if (source < cursor.source) return page(select, 'rev > ?', [cursor.rev]);
        if (source > cursor.source) return page(select, 'rev >= ?', [cursor.rev]);
        const inside = page(select, 'rev = ? AND id > ?', [cursor.rev, cursor.id]);
        return inside.length > limit
          ? inside
          : [...inside, ...page(select, 'rev > ?', [cursor.rev])];
      }).sort(after);
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    },

    locate(uuid: string): { kind: Kind; id: number } | undefined {
      return (db.prepare('SELECT kind, id FROM posts WHERE uuid = ?').get(uuid) ??
        db.prepare('SELECT taxonomy AS kind, id FROM terms WHERE uuid = ?').get(uuid)) as
        { kind: Kind; id: number } | undefined;
    },

    /**
     * The records that name the record `id` (a `kind`) in one of their links, by the link
     * tables' own indexes: a venue's events, an organizer's, a term's events and child terms,
     * a series' occurrences.
     */
    naming(kind: Kind, id: number): { kind: Kind; ids: number[] }[] {
      const ids = (sql: string) =>
        (db.prepare(sql).all(id) as { id: number }[]).map((row) => row.id);
      switch (kind) {
        case 'venue':
          return [
            { kind: 'event', ids: ids('SELECT post_id AS id FROM events WHERE venue_id = ?') },
          ];
        case 'organizer':
          return [
            {
              kind: 'event',
              ids: ids('SELECT event_id AS id FROM event_organizers WHERE organizer_id = ?'),
            },
          ];
        case 'category':
        case 'tag':
          return [
            { kind: 'event', ids: ids('SELECT event_id AS id FROM event_terms WHERE term_id = ?') },
            { kind, ids: ids('SELECT id FROM terms WHERE parent_id = ?') },
          ];
        case 'event':
          return [{ kind, ids: ids('SELECT post_id AS id FROM events WHERE parent_id = ?') }];
      }
    },

    isTombstoned(uuid: string): boolean {
      return db.prepare('SELECT 1 FROM tombstones WHERE uuid = ?').get(uuid) !== undefined;
    },

    lastMutation(clientId: string): { userId: number; last: number } | undefined {
      const row = db
        .prepare('SELECT user_id, last_mutation_id FROM sync_clients WHERE client_id = ?')
        .get(clientId) as { user_id: number; last_mutation_id: number } | undefined;
      return row && { userId: row.user_id, last: row.last_mutation_id };
    },

    /**
     * A mutation is answered: the client's last mutation moves on and its result is kept for
     * repeats of its push (all but the client's last 1000 are forgotten), in one transaction.
     * Apart, a full disk between the two would move the client on with no answer kept for the
     * repeat, and the client would drop its change without being told.
     */
    answered(
      clientId: string,
      userId: number,
      mutationId: number,
      result: object,
      now: string,
    ): void {
      db.transaction(() => {
        db.prepare(
          `INSERT INTO sync_clients (client_id, user_id, last_mutation_id, updated_utc) VALUES (?, ?, ?, ?)
           ON CONFLICT (client_id) DO UPDATE SET last_mutation_id = excluded.last_mutation_id, updated_utc = excluded.updated_utc`,
        ).run(clientId, userId, mutationId, now);
        db.prepare(
          'INSERT OR REPLACE INTO sync_results (client_id, mutation_id, result) VALUES (?, ?, ?)',
        ).run(clientId, mutationId, JSON.stringify(result));
        db.prepare('DELETE FROM sync_results WHERE client_id = ? AND mutation_id <= ?').run(
          clientId,
          mutationId - 1000,
        );
      });
    },

    savedResult(clientId: string, mutationId: number): unknown {
      const row = db
        .prepare('SELECT result FROM sync_results WHERE client_id = ? AND mutation_id = ?')
        .get(clientId, mutationId) as { result: string } | undefined;
      return row ? (JSON.parse(row.result) as unknown) : undefined;
    },

    /** Notes that a client's push made this revision. */
    markRev(rev: number, clientId: string): void {
      db.prepare('INSERT OR REPLACE INTO sync_revs (rev, client_id) VALUES (?, ?)').run(
        rev,
        clientId,
      );
    },

    /** The revisions among `revs` that this client's pushes made. */
    revsBy(clientId: string, revs: readonly number[]): Set<number> {
      const rows = db
        .prepare(
          'SELECT rev FROM sync_revs WHERE client_id = ? AND rev IN (SELECT value FROM json_each(?))',
        )
        .all(clientId, JSON.stringify(revs)) as { rev: number }[];
      return new Set(rows.map((row) => row.rev));
    },

    /**
     * The calendar this database holds, named once at random: a replica tells by it that the
     * server at its address now serves another calendar (another data folder on the same port).
     */
    calendarId(): string {
      const read = () =>
        db.prepare("SELECT value FROM sync_state WHERE key = 'calendar_id'").get() as
          { value: string } | undefined;
      // Read first: a pull is a read, and must answer from a read-only directory too.
      const named = read();
      if (named) return named.value;
      db.prepare("INSERT OR IGNORE INTO sync_state (key, value) VALUES ('calendar_id', ?)").run(
        randomUUID(),
      );
      return read()!.value;
    },

    /** Checkpoints before this revision can no longer be answered: tombstones were purged. */
    horizon(): number {
      return Number(
        (
          db.prepare("SELECT value FROM sync_state WHERE key = 'tombstone_horizon'").get() as {
            value: string;
          }
        ).value,
      );
    },

    /** Purges tombstones deleted before `beforeUtc`; moves the horizon past them. Returns how many. */
    purgeTombstones(beforeUtc: string): number {
      return db.transaction(() => {
        const row = db
          .prepare('SELECT MAX(rev) AS rev, COUNT(*) AS n FROM tombstones WHERE deleted_utc < ?')
          .get(beforeUtc) as {
          rev: number | null;
          n: number;
        };
        if (row.n === 0 || row.rev === null) return 0;
        db.prepare('DELETE FROM tombstones WHERE rev <= ?').run(row.rev);
        db.prepare(
          "UPDATE sync_state SET value = ? WHERE key = 'tombstone_horizon' AND CAST(value AS INTEGER) < ?",
        ).run(String(row.rev), row.rev);
        return row.n;
      });
    },
  };
}
