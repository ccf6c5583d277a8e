/**
 * The README's first command is `npm install`. On a machine whose Node is older than the one
 * Marquee brings (its `node` devDependency runs everything), npm used to print a warning for every
 * dependency that asks for Node 22+, and one for a skipped install script: 49 lines a newcomer
 * reads as failure before anything useful. `.npmrc` keeps npm to errors, and package.json's
 * `allowScripts` answers for every install script, so the install says only what it did.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

it('npm install says only what it did, even where the system Node is older than the project’s', () => {
  // `--node-version` makes npm check engines as a Node 20 would; `--dry-run` changes nothing.
  const result = spawnSync('npm', ['install', '--dry-run', '--node-version=20.0.0'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(result.status, result.stderr).toBe(0);
  const lines = `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.trim());
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^(up to date|added \d+ packages?|changed \d+ packages?)\b/);
}, 150_000);
