/**
 * `npm run package` on a machine that cannot have Electron's runtime (as here): one plain line
 * saying why no installer was made and where they are built, exit 1 (a release script must not
 * take "nothing built" for success), and nothing half-built left in dist/. Where the runtime
 * exists the installers are built instead: skipped.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const hasElectron = existsSync(join(ROOT, 'node_modules', 'electron', 'path.txt'));

it.skipIf(hasElectron)(
  'says in one line why the installers cannot be built here',
  () => {
    const hadDist = existsSync(join(ROOT, 'dist'));
    const result = spawnSync(process.execPath, [join(ROOT, 'bin', 'package.mjs')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 200_000,
    });
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      "Marquee: the installers cannot be built on this machine (Electron's runtime: it could not be downloaded: this machine cannot reach GitHub); the release workflow builds them (docs/release.md).",
    ]);
    expect(result.status).toBe(1);
    expect(existsSync(join(ROOT, 'dist'))).toBe(hadDist);
  },
  240_000,
);
