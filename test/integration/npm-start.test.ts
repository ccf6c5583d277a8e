/**
 * `npm start` on a machine without Electron's runtime (as here, and on any machine that cannot
 * download it): nothing but what a user needs, one line saying the desktop window cannot open
 * and to open the address printed below, then the server's own lines (the editor's address
 * with the owner key among them). No build warnings, no stack text ("TypeError: fetch
 * failed"). Where the runtime exists the desktop app opens: skipped.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '../../scripts/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const hasElectron = existsSync(join(ROOT, 'node_modules', 'electron', 'path.txt'));
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
};

it.skipIf(hasElectron)(
  'says in one line that the desktop window cannot open, and where to open the calendar',
  async () => {
    const data = mkdtempSync(join(tmpdir(), 'marquee-start-'));
    const port = await freePort();
    // The port as a flag, which the launcher's own line once ignored (it printed 8787).
    const child = spawn(
      process.execPath,
      [join(ROOT, 'bin', 'start.mjs'), '--port', String(port)],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          MARQUEE_DATA_DIR: data,
          MARQUEE_OWNER_KEY: 'npm-start-owner-key-0123',
        },
      },
    );
    let output = '';
    let ended = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', () => {
          if (output.includes('Press Ctrl-C to stop.')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`start exited (${code}): ${output}`)));
      });
    } finally {
      // Gone before its folder is: a server stopping still writes there (its last snapshot, the
      // WAL's checkpoint), and a folder removed meanwhile is not empty when rmdir comes. 'close',
      // not 'exit': the process may exit before its last line is read from the pipe.
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((resolve) =>
          child.once('close', (code, signal) => resolve((ended = `${code} ${signal}`))),
        );
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(data, { recursive: true, force: true });
    }
    const lines = output.trim().split('\n');
    // Stopped as asked, and said so last.
    expect(lines.pop(), `ended with ${ended}: ${output}`).toBe('Marquee stopped.');
    // A build first, when the sources are newer than the last one: one line, its output kept.
    expect(lines.filter((line) => line !== 'Building Marquee…')).toEqual([
      `Marquee: the desktop window cannot open on this machine (Electron's runtime: it could not be downloaded: this machine cannot reach GitHub); open the editor address printed below in your browser instead.`,
      `Marquee ${version} is serving http://127.0.0.1:${port}/`,
      `  Editor: http://127.0.0.1:${port}/?key=npm-start-owner-key-0123`,
      `  API:  http://127.0.0.1:${port}/wp-json/tribe/events/v1/`,
      `  Data: ${data}`,
      'Press Ctrl-C to stop.',
    ]);
  },
  180_000,
);
