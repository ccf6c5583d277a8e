// `npm run package`: the installers for this system (or those named: `npm run package -- --linux`)
// in dist/, with the update feed beside them. Electron's runtime for each target is downloaded by
// electron-builder; where it cannot be had (no route to GitHub, as on an offline machine), one
// plain line says so and the command exits 1: no installer was made, and a release script or CI
// must not take that for success. The release workflow (.github/workflows/release.yml) builds
// them where the network is.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { electronRuntime } from './electron-runtime.mjs';
import { ROOT, ensureCapableNode } from './runtime.mjs';

await ensureCapableNode();

const { failure } = electronRuntime();
if (failure) {
  console.error(
    `Marquee: the installers cannot be built on this machine (Electron's runtime: ${failure}); ` +
      'the release workflow builds them (docs/release.md).',
  );
  process.exit(1);
}

function step(args, options = {}) {
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { build } = await import('./build.mjs');
build();
step([join(ROOT, 'scripts', 'release', 'make-icons.ts')]);
step([
  join(ROOT, 'node_modules', 'electron-builder', 'cli.js'),
  '--publish',
  'never',
  ...process.argv.slice(2),
]);
step([join(ROOT, 'scripts', 'release', 'update-feed.ts'), join(ROOT, 'dist')]);
