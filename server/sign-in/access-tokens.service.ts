/**
 * Access tokens for website builds, scripts and other devices: create (shown once), list,
 * revoke, and resolve an Authorization header to a caller. `Bearer <token>` and WordPress
 * application-password style `Basic base64(user:token)` are both accepted; in Basic the user
 * must be the token's user name (any letter case), as WordPress checks the login.
 */
import type { Role } from '#shared/schemas/common.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import { DomainError } from '../domain/errors.ts';
import type { Clock } from '../clock.ts';
import { OWNER_ID, type Principal } from '../auth/principal.ts';
import { perChange } from '../domain/per-change.ts';
import { generateToken, hashToken, sameHash } from './tokens.ts';
import type { UserRow, UsersRepo } from '../store/users.repo.ts';

/** The access tokens: made, listed, revoked, and the caller an Authorization header names. */
export type AccessTokens = {
  create(name: string, role: Role): { id: number; token: string };
  list: () => UserRow[];
  /** A user by id (the editor's session names one). */
  user: (id: number) => Principal | undefined;
  revoke: (id: number) => boolean;
  /** Removes a token made for one request, without a trace (revokes it when it is named). */
  remove(id: number): void;
  /** The caller named by an Authorization header; undefined when there is none. */
  authenticate(header: string | undefined): Principal | undefined;
};

export function createAccessTokens(deps: {
  users: UsersRepo;
  clock: Clock;
  adminToken?: string | undefined;
  /**
   * The server's last change (its change log's): the owner is read once per change instead of
   * at every request. None (the command line): read each time.
   */
  lastChange?: () => number;
}): AccessTokens {
  const { users, clock } = deps;
  const adminTokenHash = deps.adminToken ? hashToken(deps.adminToken) : undefined;

  /**
   * The owner (user 1), whom the admin token and the owner's editor session name. The admin
   * token is this server's own, given at its start: no other process can revoke it. The
   * owner's row is written only by a restore of a backup that renames them, which runs in this
   * server (a command-line restore needs it stopped) as a change. So, unlike an access token's
   * user (decision "Not kept: who a token is"), it is kept until the next change: a request
   * saves a statement and its read transaction.
   */
  const keptOwner = deps.lastChange && perChange<Principal | undefined>(deps.lastChange, 1);
  const owner = (): Principal | undefined =>
    keptOwner ? keptOwner.get('owner', () => users.findById(OWNER_ID)) : users.findById(OWNER_ID);

  function credentialsFrom(header: string): { token: string; user?: string } | undefined {
    const [scheme, value = ''] = header.trim().split(/\s+/, 2);
    if (scheme?.toLowerCase() === 'bearer' && value) return { token: value };
    if (scheme?.toLowerCase() === 'basic') {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      // Application passwords are shown in groups separated by spaces; WordPress ignores them.
      if (colon > 0)
        return {
          user: decoded.slice(0, colon),
          token: decoded.slice(colon + 1).replace(/\s+/g, ''),
        };
    }
    return undefined;
  }

  return {
    create(name: string, role: Role): { id: number; token: string } {
      const token = generateToken();
      const id = users.insert(name, role, hashToken(token), toUtcString(clock.now()));
      return { id, token };
    },

    list: () => users.list(),

    /** A user by id (the editor's session names one). */
    user: (id: number): Principal | undefined => (id === OWNER_ID ? owner() : users.findById(id)),

    revoke: (id: number) => users.revoke(id, toUtcString(clock.now())),

    /**
     * Removes a token made for one request, without a trace; revokes it instead when something
     * names its user (a post it wrote: that row needs the user).
     */
    remove(id: number): void {
      if (!users.remove(id)) users.revoke(id, toUtcString(clock.now()));
    },

    /** The caller named by an Authorization header; undefined when there is none. */
    authenticate(header: string | undefined): Principal | undefined {
      if (!header) return undefined;
      const credentials = credentialsFrom(header);
      if (!credentials) {
        throw new DomainError(
          'marquee_invalid_token',
          'Use Authorization: Bearer <token>, or Basic with base64 of "<token name>:<token>".',
        );
      }
      const hash = hashToken(credentials.token);
      const principal =
        adminTokenHash && sameHash(hash, adminTokenHash) ? owner() : users.findByTokenHash(hash);
      const named =
        credentials.user === undefined ||
        credentials.user.toLowerCase() === principal?.name.toLowerCase();
      if (principal && named) return principal;
      if (credentials.user === undefined)
        throw new DomainError(
          'marquee_invalid_token',
          'The access token is not valid or was revoked.',
        );
      // Basic credentials are an application password: WordPress's codes, by whether the login
      // names a user, so a WordPress client tells a wrong login from a wrong password.
      const code = users.hasName(credentials.user) ? 'incorrect_password' : 'invalid_username';
      if (principal) {
        // The caller holds the token, so naming it tells them nothing they could not list.
        throw new DomainError(
          code,
          `In Basic credentials the user name must be the access token’s name ("${principal.name}"), as WordPress application passwords need the user’s login.`,
        );
      }
      throw new DomainError(
        code,
        code === 'incorrect_password'
          ? 'The provided password is an invalid application password.'
          : 'Unknown username. Check again or try your email address.',
      );
    },
  };
}
