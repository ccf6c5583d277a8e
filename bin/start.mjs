// `npm start`: the desktop app where the Electron runtime exists (or can be downloaded);
// otherwise one clear line, then the same calendar headless, served to the browser.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ensureCapableNode } from './runtime.mjs';

await ensureCapableNode();
const { ensureBuilt } = await import('./build.mjs');
ensureBuilt();

const electronDir = join(ROOT, 'node_modules', 'electron');

function electronBinary() {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

/**
 * Electron 42+ downloads its runtime on first use; try once, and say why it failed in a user's
 * words (the installer's own last line is a stack's, "TypeError: fetch failed").
 */
function installElectron() {
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

const binary = electronBinary();
const failure = binary ? undefined : installElectron();
const electron = electronBinary();

if (electron) {
  // The server runs in Electron's main process, whose V8 takes flags only at launch: the same
  // small young generation and slow heap growth as `npm run serve` (docs/decisions.md, "Memory").
  const flags = process.execArgv.filter(
    (flag) => flag.startsWith('--max-semi-space-size') || flag.startsWith('--heap-growing-percent'),
  );
  const args = [...(flags.length > 0 ? [`--js-flags=${flags.join(' ')}`] : []), '.'];
  const child = spawn(electron, [...args, ...process.argv.slice(2)], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  // The address is serve's to print: the port it really got, and the owner key.
  console.log(
    `Marquee: the desktop window cannot open on this machine (Electron's runtime: ${failure}); ` +
      'open the editor address printed below in your browser instead.',
  );
  process.argv = [
    process.argv[0],
    join(ROOT, 'out', 'main', 'cli.js'),
    'serve',
    ...process.argv.slice(2),
  ];
  await import('../out/main/cli.js');
}
