/**
 * Runs the `marquee` command line as its own process, from source on the test runner's Node 24,
 * the way a user runs it (same flags, real signals, real exit codes).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../server/cli/main.ts', import.meta.url));

export type CliRun = {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
};

/** Runs a command; `env` is added to this process's, `input` is its standard input. */
export function runCli(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: string } = {},
): Promise<CliRun> {
  const child = spawn(process.execPath, [CLI, ...args], {
    stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    ...(options.env && { env: { ...process.env, ...options.env } }),
  });
  if (options.input !== undefined) child.stdin?.end(options.input);
  return finished(child, collect(child));
}

export type CliServer = {
  url: string;
  process: ChildProcess;
  output: () => { stdout: string; stderr: string };
  exit: Promise<CliRun>;
};

/**
 * Starts `marquee serve` (with `env` added to this process's) and resolves once it printed its
 * URL. It listens on a free port unless `port: 'settings'` leaves the choice to settings.json.
 */
export function serveCli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  options: { port?: 'free' | 'settings' } = {},
): Promise<CliServer> {
  const portArgs = options.port === 'settings' ? [] : ['--port', '0'];
  const environment = { ...process.env, ...env };
  if (options.port === 'settings') delete environment.MARQUEE_PORT;
  const child = spawn(process.execPath, [CLI, 'serve', ...portArgs, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: environment,
  });
  const output = collect(child);
  const exit = finished(child, output);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`serve did not start: ${output().stderr}`)),
      15_000,
    );
    child.stdout?.on('data', () => {
      const url = /is serving (http:\/\/\S+?)\/\s/.exec(output().stdout)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({ url, process: child, output, exit });
    });
    void exit.then((run) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${run.code}): ${run.stderr}`));
    });
  });
}

function collect(child: ChildProcess): () => { stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return () => ({ stdout, stderr });
}

function finished(
  child: ChildProcess,
  output: () => { stdout: string; stderr: string },
): Promise<CliRun> {
  return new Promise((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, ...output() })),
  );
}
