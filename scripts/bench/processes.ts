/** Benchmark helpers: paths next to this folder, and child processes that say when they are ready. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Starts `node args…` and resolves once its output matches `ready`. */
export function start(args: string[], ready: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}
