/**
 * A fresh Marquee for a comparison, in this process: a temporary calendar, the site's zone, its
 * public page addresses as the URL patterns, the real clock (the site has no other), an owner
 * token for `admin` and a token per role named like the site's users, made in the site's order
 * (editor1, author1, contributor1: users 2, 3, 4 on both).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccessTokens } from '#server/sign-in/access-tokens.service.ts';
import { createUsersRepo } from '#server/store/users.repo.ts';
import { systemClock } from '#server/clock.ts';
import { silentLogger } from '#server/logger.ts';
import { startServer } from '#server/start-server.ts';
import { openStore } from '#server/store/open-store.ts';
import type { Role } from '#shared/schemas/common.ts';
import type { Target, User } from './targets.ts';

/** The site's zone (its README): Marquee reads and shows dates in it too. */
export const SITE_ZONE = 'America/New_York';

const ROLE_USERS: [Exclude<User, 'admin' | 'anonymous'>, Role][] = [
  ['editor1', 'editor'],
  ['author1', 'author'],
  ['contributor1', 'contributor'],
];

/** `siteUrl`: the site compared with, whose public pages the records' `url` name. */
export async function startMarquee(siteUrl: string): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-compare-'));
  const tokens: Partial<Record<User, string>> = { admin: 'compare-owner-token-0123456789' };
  const store = openStore(dataDir, { lock: false });
  try {
    const service = createAccessTokens({ users: createUsersRepo(store.db), clock: systemClock });
    for (const [user, role] of ROLE_USERS) tokens[user] = service.create(user, role).token;
  } finally {
    store.close();
  }
  const server = await startServer({
    dataDir,
    port: 0,
    adminToken: tokens.admin,
    overrides: {
      timezone: SITE_ZONE,
      publicUrls: {
        event: `${siteUrl}/event/{slug}/`,
        venue: `${siteUrl}/venue/{slug}/`,
        organizer: `${siteUrl}/organizer/{slug}/`,
        category: `${siteUrl}/events/category/{slug}/`,
        tag: `${siteUrl}/tag/{slug}/`,
      },
    },
    clock: systemClock,
    logger: silentLogger,
  });
  return {
    name: 'marquee',
    url: server.url,
    authorization: (user) => (tokens[user] ? `Bearer ${tokens[user]}` : undefined),
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
