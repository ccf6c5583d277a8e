/** SQL for users and their access tokens. */
import type { Database } from './database.ts';
import type { Role } from '#shared/schemas/common.ts';

export type UserRow = {
  id: number;
  name: string;
  role: Role;
  has_token: number;
  created_utc: string;
  revoked_utc: string | null;
};

/** Who a user is: what a caller's principal (auth/principal.ts) is made of. */
type UserIdentity = { id: number; name: string; role: Role };

export type UsersRepo = ReturnType<typeof createUsersRepo>;

/**
 * A token's user that nothing names (no post's author, no replica's client: their rows need
 * it), so it can go without a trace. The owner (user 1) never goes.
 */
const UNNAMED_TOKEN_USER = `token_hash IS NOT NULL AND id <> 1
  AND NOT EXISTS (SELECT 1 FROM posts WHERE author = users.id)
  AND NOT EXISTS (SELECT 1 FROM sync_clients WHERE user_id = users.id)`;

export function createUsersRepo(db: Database) {
  return {
    findByTokenHash(hash: string): UserIdentity | undefined {
      return db
        .prepare('SELECT id, name, role FROM users WHERE token_hash = ? AND revoked_utc IS NULL')
        .get(hash) as UserIdentity | undefined;
    },
    /**
     * Whether a user has this name (any letter case), as a WordPress login is looked up. Compared
     * here, not in SQL: SQLite's lower() folds only ASCII, and the users are a handful.
     */
    hasName(name: string): boolean {
      const wanted = name.toLowerCase();
      return (db.prepare('SELECT name FROM users').all() as { name: string }[]).some(
        (user) => user.name.toLowerCase() === wanted,
      );
    },
    findById(id: number): UserIdentity | undefined {
      return db.prepare('SELECT id, name, role FROM users WHERE id = ?').get(id) as
        UserIdentity | undefined;
    },
    insert(name: string, role: Role, tokenHash: string, createdUtc: string): number {
      const result = db
        .prepare('INSERT INTO users (name, role, token_hash, created_utc) VALUES (?, ?, ?, ?)')
        .run(name, role, tokenHash, createdUtc);
      return Number(result.lastInsertRowid);
    },
    list(): UserRow[] {
      return db
        .prepare(
          `SELECT id, name, role, token_hash IS NOT NULL AS has_token, created_utc, revoked_utc
           FROM users ORDER BY id`,
        )
        .all() as UserRow[];
    },
    /** Deletes a token's user that nothing names; whether it did. */
    remove(id: number): boolean {
      return (
        db.prepare(`DELETE FROM users WHERE id = ? AND ${UNNAMED_TOKEN_USER}`).run(id).changes > 0
      );
    },
    /**
     * Deletes the token users nothing names that are called one of `names`, and the revoked
     * ones whose name ends with `suffix`; how many.
     */
    removeNamed(names: readonly string[], suffix: string): number {
      const listed = names.map(() => '?').join(', ');
      return Number(
        db
          .prepare(
            `DELETE FROM users WHERE ${UNNAMED_TOKEN_USER}
             AND (name IN (${listed}) OR (revoked_utc IS NOT NULL AND substr(name, -?) = ?))`,
          )
          .run(...names, suffix.length, suffix).changes,
      );
    },
    revoke(id: number, revokedUtc: string): boolean {
      const result = db
        .prepare(
          'UPDATE users SET revoked_utc = ? WHERE id = ? AND token_hash IS NOT NULL AND revoked_utc IS NULL',
        )
        .run(revokedUtc, id);
      return result.changes > 0;
    },
  };
}
