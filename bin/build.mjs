// Builds Marquee (electron-vite: main + CLI, preload, renderer) when the sources are newer than
// the last build, and stamps out/ so the next start skips it. `node bin/build.mjs` always builds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './runtime.mjs';

const SOURCE_DIRS = ['electron', 'server', 'shared', 'renderer'];
const SOURCE_FILES = [
  'electron.vite.config.ts',
  'package.json',
  'tsconfig.json',
  'tsconfig.web.json',
];
const STAMP = join(ROOT, 'out', '.build-stamp');
const OUTPUTS = [join(ROOT, 'out', 'main', 'cli.js'), join(ROOT, 'out', 'renderer', 'index.html')];

function newestMtime(path) {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stats.mtimeMs,
  );
}

export function isBuildFresh() {
  if (!existsSync(STAMP) || !OUTPUTS.every((file) => existsSync(file))) return false;
  const sources = [...SOURCE_DIRS, ...SOURCE_FILES].map((name) => newestMtime(join(ROOT, name)));
  return statSync(STAMP).mtimeMs >= Math.max(...sources);
}

/** `quiet`: a build that succeeds says nothing (its warnings are the developers', not a user's). */
export function build({ quiet = false } = {}) {
  const builder = join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  if (!existsSync(builder)) {
    if (OUTPUTS.every((file) => existsSync(file))) return;
    console.error(
      'marquee: Marquee is not built and electron-vite is missing. Run: npm install && npm run build',
    );
    process.exit(1);
  }
  const startedAt = new Date();
  const result = spawnSync(process.execPath, [builder, 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', quiet ? 'pipe' : 'inherit'],
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout);
    if (quiet) process.stderr.write(result.stderr);
    console.error('marquee: the build failed (output above).');
    process.exit(result.status ?? 1);
  }
  writeFileSync(STAMP, `${startedAt.toISOString()}\n`);
  utimesSync(STAMP, startedAt, startedAt);
}

export function ensureBuilt() {
  if (isBuildFresh()) return;
  console.error('Building Marquee…');
  build({ quiet: true });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  build();
  console.log('Built Marquee into out/.');
}
