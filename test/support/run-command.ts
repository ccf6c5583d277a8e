/**
 * Runs a command-line CalDAV client (Debian's vdirsyncer, khal) without blocking the server,
 * which answers it from this process: its standard output, or an error with everything it
 * printed. A command that is not installed fails at once, naming the package to install, not at
 * the test's timeout.
 */
import { spawn } from 'node:child_process';

export function runCommand(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, LC_ALL: 'C.UTF-8', ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    // vdirsyncer asks before it creates a collection.
    child.stdin.end('y\n');
    child.on('error', (error) => {
      const name = command.split('/').pop() ?? command;
      reject(
        new Error(
          `${command} did not start (${error.message}): install it with \`sudo apt-get install -y ${name}\` (.ci/run does).`,
        ),
      );
    });
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(out + err))));
  });
}
