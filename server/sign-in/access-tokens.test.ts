/**
 * Who a token names: the owner (the admin token's, the owner's session's) is read once per
 * change of the calendar, an access token's user at every request (a revocation from another
 * process stops it at once).
 */
import { describe, expect, it } from 'vitest';
import { migrate } from '../store/migrate.ts';
import { databasePerTest } from '../../test/support/store-fixtures.ts';
import { createUsersRepo } from '../store/users.repo.ts';
import { createAccessTokens } from './access-tokens.service.ts';

const db = databasePerTest();
const clock = { now: () => new Date('2026-11-29T10:00:00Z') };
const ADMIN_TOKEN = 'the-admin-token-of-this-server';

function serverTokens() {
  migrate(db());
  let change = 7;
  const tokens = createAccessTokens({
    users: createUsersRepo(db()),
    clock,
    adminToken: ADMIN_TOKEN,
    lastChange: () => change,
  });
  return { tokens, changed: () => (change += 1) };
}

/** Statements `work` ran on the connection. */
function statementsOf(work: () => unknown): number {
  const before = db().statementCount();
  work();
  return db().statementCount() - before;
}

describe('who a token names', () => {
  it('reads the owner once per change, and again after a restore renames them', () => {
    const { tokens, changed } = serverTokens();
    const asAdmin = () => tokens.authenticate(`Bearer ${ADMIN_TOKEN}`);
    expect(statementsOf(asAdmin)).toBe(1);
    expect(statementsOf(asAdmin)).toBe(0);
    expect(asAdmin()).toEqual({ id: 1, name: 'admin', role: 'admin' });
    // The owner's editor session names the same kept row.
    expect(statementsOf(() => tokens.user(1))).toBe(0);
    // A restore of a backup writes the owner's row, as a change (backup.repo.ts putUser).
    db().prepare("UPDATE users SET name = 'Box office' WHERE id = 1").run();
    changed();
    expect(asAdmin()).toEqual({ id: 1, name: 'Box office', role: 'admin' });
    expect(() => tokens.authenticate('Basic ' + btoa(`admin:${ADMIN_TOKEN}`))).toThrow(
      /must be the access token’s name \("Box office"\)/,
    );
  });

  it('reads an access token’s user at every request: revoked elsewhere, it stops at once', () => {
    const { tokens } = serverTokens();
    const build = tokens.create('Website build', 'editor');
    const asBuild = () => tokens.authenticate(`Bearer ${build.token}`);
    expect(asBuild()).toMatchObject({ name: 'Website build', role: 'editor' });
    expect(statementsOf(asBuild)).toBe(1);
    // `marquee token revoke` in another process: no change of the calendar's records.
    createAccessTokens({ users: createUsersRepo(db()), clock }).revoke(build.id);
    expect(asBuild).toThrow(/not valid or was revoked/);
  });
});
