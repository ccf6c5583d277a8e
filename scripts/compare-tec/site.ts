/**
 * A real WordPress + TEC site (../shared/tec-site/site.sh): started fresh in a folder of its own,
 * or one already running (the test run's), as a comparison's other side.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Target, User } from './targets.ts';

const run = promisify(execFile);
export const SITE_SH = resolve(import.meta.dirname, '../../../shared/tec-site/site.sh');

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

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error()),
      );
    });
  });
}

/** site.env's KEY=value lines (values may be single-quoted). */
function readEnv(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) env[line.slice(0, at)] = line.slice(at + 1).replace(/^'(.*)'$/, '$1');
  }
  return env;
}

/** Whether this clone has the site beside it. */
export const siteAvailable = () => existsSync(SITE_SH);

/** A fresh site on a free port, removed again by its `close`. */
export async function startSite(): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-compare-site-'));
  const port = await freePort();
  try {
    await run('bash', [SITE_SH, 'start', dir, String(port)], { timeout: 180_000 });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const env = readEnv(join(dir, 'site.env'));
  const passwords: SitePasswords = {
    admin: env.ADMIN_APP_PASSWORD ?? '',
    editor1: env.EDITOR1_APP_PASSWORD ?? '',
    author1: env.AUTHOR1_APP_PASSWORD ?? '',
    contributor1: env.CONTRIBUTOR1_APP_PASSWORD ?? '',
  };
  return siteTarget(env.URL ?? `http://127.0.0.1:${port}`, passwords, async () => {
    await run('bash', [SITE_SH, 'stop', dir], { timeout: 60_000 }).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });
}
