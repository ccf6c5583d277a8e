/**
 * A `marquee serve` of a spec's own, on a data directory of its own, for specs that stop the
 * server or need a calendar the other specs have not filled (the suite's server is shared).
 */
import { spawn, type ChildProcess } from 'node:child_process';

type Options = { timezone?: string; adminToken?: string; env?: NodeJS.ProcessEnv };

/** `marquee serve` on `port` and `data`, resolved once it serves. */
export function serve(port: number, data: string, options: Options = {}): Promise<ChildProcess> {
  const args = ['--port', String(port), '--data', data, '--timezone', options.timezone ?? 'UTC'];
  if (options.adminToken) args.push('--admin-token', options.adminToken);
  const child = spawn(process.execPath, ['bin/marquee.mjs', 'serve', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.env && { env: { ...process.env, ...options.env } }),
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is serving')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`serve exited (${code}): ${output}`)));
  });
}

/** Kills the server and waits until it is gone. */
export const stopped = (child: ChildProcess): Promise<void> =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
