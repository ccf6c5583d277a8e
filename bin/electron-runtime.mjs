// Whether Electron's runtime can be had on this machine: `npm start` opens the desktop window
// with it, `npm run package` packs it into installers. Plain JavaScript, as bin/runtime.mjs.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './runtime.mjs';

const electronDir = join(ROOT, 'node_modules', 'electron');

export function electronBinary() {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

/**
 * Electron 42+ downloads its runtime on first use (not at `npm install`); try once, and say why
 * it failed in a user's words (the installer's own last line is a stack's, "TypeError: fetch
 * failed"). Undefined: the runtime is there.
 */
export function installElectron() {
  const installer = join(electronDir, 'install.js');
  if (!existsSync(installer)) return 'the electron package is not installed';
  const result = spawnSync(process.execPath, [installer], { encoding: 'utf8', timeout: 180_000 });
  if (result.status === 0 && electronBinary()) return undefined;
  const output = `${result.stderr ?? ''}${result.stdout ?? ''}`;
  if (/fetch failed|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|getaddrinfo/i.test(output))
    return 'it could not be downloaded: this machine cannot reach GitHub';
  if (result.error?.code === 'ETIMEDOUT') return 'its download took too long';
  return 'its download did not finish';
}

/** The runtime's binary, downloading it first if need be; or why it cannot be had. */
export function electronRuntime() {
  if (electronBinary()) return { binary: electronBinary() };
  const failure = installElectron();
  const binary = electronBinary();
  return binary ? { binary } : { failure: failure ?? 'its download did not finish' };
}
