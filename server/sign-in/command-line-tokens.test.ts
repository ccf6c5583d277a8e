import { describe, expect, it } from 'vitest';
import { migrate } from '../store/migrate.ts';
import { addEvent, databasePerTest } from '../../test/support/store-fixtures.ts';
import { createUsersRepo } from '../store/users.repo.ts';
import { createAccessTokens } from './access-tokens.service.ts';
import { commandLineTokenName, removeCommandLineTokens } from './command-line-tokens.ts';

const db = databasePerTest();
const clock = { now: () => new Date('2026-11-28T03:00:00Z') };

function tokensOf() {
  migrate(db());
  const users = createUsersRepo(db());
  return { users, tokens: createAccessTokens({ users, clock }) };
}

const names = (users: ReturnType<typeof createUsersRepo>) =>
  users.list().map((user) => `${user.name}${user.revoked_utc ? ' (revoked)' : ''}`);

describe('the tokens the command line makes to ask a running server', () => {
  it('leave no trace once removed, unless a post names their user (then revoked)', () => {
    const { users, tokens } = tokensOf();
    const gone = tokens.create(commandLineTokenName('marquee site'), 'admin');
    const author = tokens.create(commandLineTokenName('marquee hub'), 'admin');
    addEvent(db(), 1, 'Written by a token');
    db().prepare('UPDATE posts SET author = ? WHERE id = 1').run(author.id);
    tokens.remove(gone.id);
    tokens.remove(author.id);
    expect(names(users)).toEqual(['admin', 'marquee hub (command line) (revoked)']);
    expect(() => tokens.authenticate(`Bearer ${author.token}`)).toThrow(/not valid or was revoked/);
  });

  it('left behind, go when the server starts; the user’s own tokens stay', () => {
    const { users, tokens } = tokensOf();
    const revoked = tokens.create('marquee site (command line)', 'admin');
    tokens.revoke(revoked.id);
    const older = tokens.create('marquee site sync (command line)', 'admin');
    tokens.revoke(older.id);
    tokens.create('marquee hub (command line)', 'admin');
    tokens.create('Website build', 'editor');
    tokens.create('Kiosk (command line)', 'editor');
    expect(removeCommandLineTokens(users)).toBe(3);
    expect(names(users)).toEqual(['admin', 'Website build', 'Kiosk (command line)']);
  });
});
