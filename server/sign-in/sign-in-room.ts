/**
 * The sign-in room: access tokens, the editor's sessions and the owner key that opens the
 * owner's password-less session. Its route tables are marquee/v1's (api/marquee/session/,
 * api/marquee/tokens/), wired in api/marquee/marquee-room.ts.
 */
import { OWNER_ID } from '../auth/principal.ts';
import type { Clock } from '../clock.ts';
import type { UsersRepo } from '../store/users.repo.ts';
import { createAccessTokens, type AccessTokens } from './access-tokens.service.ts';
import { newOwnerKey } from './owner-key.ts';
import { createSessions, type Sessions } from './sessions.ts';

export type SignInRoom = {
  tokens: AccessTokens;
  sessions: Sessions;
  /** The secret that opens the owner's password-less session. */
  ownerKey: string;
  /** The calendar's owner, as the tokens know them now. */
  owner: () => ReturnType<AccessTokens['user']>;
};

export function wireSignIn(deps: {
  users: UsersRepo;
  clock: Clock;
  adminToken?: string | undefined;
  /** None given: one nobody knows. */
  ownerKey?: string | undefined;
  /** The server's last change (access-tokens.service.ts). */
  lastChange: () => number;
}): SignInRoom {
  const tokens = createAccessTokens({
    users: deps.users,
    clock: deps.clock,
    adminToken: deps.adminToken,
    lastChange: deps.lastChange,
  });
  return {
    tokens,
    sessions: createSessions(deps.clock),
    ownerKey: deps.ownerKey ?? newOwnerKey(),
    owner: () => tokens.user(OWNER_ID),
  };
}
