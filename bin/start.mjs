// `npm start`: the desktop app where the Electron runtime exists (or can be downloaded);
// otherwise one clear line, then the same calendar headless, served to the browser.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { electronRuntime } from './electron-runtime.mjs';
import { ROOT, ensureCapableNode } from './runtime.mjs';

await ensureCapableNode();
const { ensureBuilt } = await import('./build.mjs');
ensureBuilt();

const { binary: electron, failure } = electronRuntime();

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
