/**
 * The README's first command is `npm install`. On a machine whose Node is older than the one
 * Marquee brings (its `node` devDependency runs everything), npm used to print a warning for every
 * dependency that asks for Node 22+, and one for a skipped install script: 49 lines a newcomer
 * reads as failure before anything useful. `.npmrc` keeps npm to errors, and package.json's
 * `allowScripts` answers for every install script, so the install says only what it did.
 *
 * The install runs for real, into an empty folder holding only the files a fresh clone gives npm:
 * a dry run prints no engine warnings at all, and one beside this checkout's `node_modules`
 * answers for whatever that folder holds, not for a newcomer's first install.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const folder = mkdtempSync(join(tmpdir(), 'marquee-npm-install-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it('npm install says only what it did, even where the system Node is older than the project’s', () => {
  for (const file of ['package.json', 'package-lock.json', '.npmrc']) {
    copyFileSync(join(ROOT, file), join(folder, file));
  }
  // `--node-version` makes npm check engines as a Node 20 would. Install scripts are left out:
  // they fetch Node itself, which the checkout already did, and print nothing of their own.
  const result = spawnSync(
    'npm',
    ['install', '--node-version=20.0.0', '--ignore-scripts', '--prefer-offline'],
    { cwd: folder, encoding: 'utf8', timeout: 240_000 },
  );
  expect(result.status, result.stderr).toBe(0);
  const lines = `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.trim());
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^added \d+ packages?\b/);
}, 300_000);
