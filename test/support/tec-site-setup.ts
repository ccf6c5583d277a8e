/**
 * vitest globalSetup of the `site` project: starts real WordPress + The Events Calendar sites
 * (../shared/tec-site/site.sh) on free loopback ports for the whole run, and hands their
 * addresses and users' application passwords to the tests: one for the sync's tests
 * (inject('tecSite')), one that only the comparison with TEC writes to (inject('tecCompareSite')).
 * Each start makes a fresh site (~20 s, 270 MB unpacked): tests give each case records (or users)
 * of their own instead of a site each. Where the folder is absent (a clone without ../shared) the suite says so in one
 * line and its tests are skipped.
 */
import type { TestProject } from 'vitest/node';
import { siteAvailable, SITE_SH, startTecSite, type StartedSite } from '../../scripts/tec-site.ts';
import type { TecSite } from './tec-site.ts';

/** The sites this run started (stopped and removed by teardown). */
const started: StartedSite[] = [];

async function startSite(): Promise<TecSite> {
  const site = await startTecSite();
  started.push(site);
  // What tests are handed must be plain data (vitest sends it to the workers).
  return { url: site.url, dir: site.dir, passwords: site.passwords };
}

export async function setup(project: TestProject): Promise<void> {
  if (!siteAvailable()) {
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
  for (const site of started.splice(0)) await site.stop();
}
