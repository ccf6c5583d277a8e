/**
 * A real WordPress + The Events Calendar site (../shared/tec-site/site.sh) started fresh in a
 * folder of its own on a free loopback port, for the tests, the comparison and the bench alike.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

export const SITE_SH = resolve(import.meta.dirname, '../../shared/tec-site/site.sh');

/** Whether this clone has the site beside it. */
export const siteAvailable = (): boolean => existsSync(SITE_SH);

export type SiteUser = 'admin' | 'editor1' | 'author1' | 'contributor1';

export type StartedSite = {
  url: string;
  /** Where the site lives (its logs are under run/). */
  dir: string;
  /** Each user's application password (HTTP Basic as `login:password`). */
  passwords: Record<SiteUser, string>;
  /** Stops the site and removes its folder. */
  stop: () => Promise<void>;
};

/** site.env's KEY=value lines (values may be single-quoted). */
function readEnv(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) env[line.slice(0, at)] = line.slice(at + 1).replace(/^'(.*)'$/, '$1');
  }
  return env;
}

/**
 * A fresh site (~20 s, 270 MB unpacked), removed again by its `stop`. `cpus` (a taskset list,
 * "1") keeps its PHP and MariaDB on those cores: a bench that plays the site as another machine.
 */
export async function startTecSite(options: { cpus?: string } = {}): Promise<StartedSite> {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-tec-site-'));
  const port = await freePort();
  const command = ['bash', SITE_SH, 'start', dir, String(port)];
  if (options.cpus) command.unshift('taskset', '-c', options.cpus);
  try {
    await run(command[0]!, command.slice(1), { timeout: 300_000 });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const env = readEnv(join(dir, 'site.env'));
  return {
    url: env.URL ?? `http://127.0.0.1:${port}`,
    dir,
    passwords: {
      admin: env.ADMIN_APP_PASSWORD ?? '',
      editor1: env.EDITOR1_APP_PASSWORD ?? '',
      author1: env.AUTHOR1_APP_PASSWORD ?? '',
      contributor1: env.CONTRIBUTOR1_APP_PASSWORD ?? '',
    },
    stop: async () => {
      await run('bash', [SITE_SH, 'stop', dir], { timeout: 60_000 }).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
