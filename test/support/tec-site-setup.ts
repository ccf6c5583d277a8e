/**
 * vitest globalSetup of the `site` project: starts real WordPress + The Events Calendar sites
 * (../shared/tec-site/site.sh) on free loopback ports for the whole run, and hands their
 * addresses and users' application passwords to the tests: one for the sync's tests
 * (inject('tecSite')), one that only the comparison with TEC writes to (inject('tecCompareSite')).
 * Each start makes a fresh site (~20 s, 270 MB unpacked): tests give each case records (or users)
 * of their own instead of a site each. Where the folder is absent (a clone without ../shared) the suite says so in one
 * line and its tests are skipped.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import type { TecSite } from './tec-site.ts';

const run = promisify(execFile);
const SITE_SH = resolve(import.meta.dirname, '../../../shared/tec-site/site.sh');

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

/** site.env: KEY=value lines. */
function readEnv(file: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line) => {
        const at = line.indexOf('=');
        return at > 0 ? [[line.slice(0, at), line.slice(at + 1)] as const] : [];
      }),
  );
}

/** The folders of the sites this run started (removed by teardown). */
const started: string[] = [];

async function startSite(): Promise<TecSite> {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-tec-site-'));
  started.push(dir);
  const port = await freePort();
  await run('bash', [SITE_SH, 'start', dir, String(port)], { timeout: 180_000 });
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
  };
}

export async function setup(project: TestProject): Promise<void> {
  if (!existsSync(SITE_SH)) {
    console.log(`The TEC site's tests are skipped: ${SITE_SH} is not there.`);
    project.provide('tecSite', null);
    project.provide('tecCompareSite', null);
    return;
  }
  // One after the other: each start installs WordPress into its own MariaDB.
  project.provide('tecSite', await startSite());
  project.provide('tecCompareSite', await startSite());
}

export async function teardown(): Promise<void> {
  for (const dir of started.splice(0)) {
    await run('bash', [SITE_SH, 'stop', dir], { timeout: 60_000 }).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}
