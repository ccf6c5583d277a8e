/**
 * A real WordPress + TEC site (../shared/tec-site/site.sh): started fresh in a folder of its own,
 * or one already running (the test run's), as a comparison's other side.
 */
import { startTecSite } from '../tec-site.ts';
import type { Target, User } from './targets.ts';

export type SitePasswords = Record<Exclude<User, 'anonymous'>, string>;

export function siteTarget(url: string, passwords: SitePasswords, close = async () => {}): Target {
  return {
    name: 'site',
    url,
    authorization: (user) =>
      user === 'anonymous'
        ? undefined
        : `Basic ${Buffer.from(`${user}:${passwords[user]}`).toString('base64')}`,
    close,
  };
}

/** A fresh site, removed again by its `close`. */
export async function startSite(): Promise<Target> {
  const site = await startTecSite();
  return siteTarget(site.url, site.passwords, site.stop);
}
