// Launch helpers shared by bin/*.mjs. Plain JavaScript on purpose: these files must start on
// any Node (even the system's 20) and hand over to a Node that has node:sqlite (22.13+; the
// project pins Node 24 through its `node` devDependency).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

function hasNodeSqlite() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 13);
}

/**
 * Returns when this Node can run Marquee; otherwise re-runs the same command on the project's
 * Node 24 (forwarding signals and the exit code), or explains what to do.
 */
export async function ensureCapableNode() {
  if (hasNodeSqlite()) return;
  const local = join(
    ROOT,
    'node_modules',
    '.bin',
    process.platform === 'win32' ? 'node.cmd' : 'node',
  );
  if (!existsSync(local)) {
    console.error(
      `marquee: Node ${process.versions.node} has no node:sqlite. Use Node 24 or newer, or run through npm ` +
        '(npm run serve, npx marquee) after npm install, which brings Node 24.',
    );
    process.exit(1);
  }
  const child = spawn(local, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) =>
    child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))),
  );
  process.exit(code);
}
