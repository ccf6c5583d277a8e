/** Benchmark helpers: paths next to this folder, and child processes that say when they are ready. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openStore } from '#server/store/open-store.ts';
import { seedCalendar, type SeedSize } from './seed.ts';

export const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The `marquee` command as users run it (`npm run serve`, the app): the built bundle, rebuilt
 * first when the sources changed. Not `server/cli/main.ts`: Node's type stripping of the sources
 * alone holds about 30 MB more than the bundle (request rates are the same).
 */
export const MARQUEE = here('../../bin/marquee.mjs');

/**
 * The owner key every bench's server is started with (children inherit the environment), so a
 * bench's browser opens the editor as its owner, as a user does at the address serve prints.
 */
export const BENCH_OWNER_KEY = 'marquee-bench-owner-key-not-secret';
process.env.MARQUEE_OWNER_KEY = BENCH_OWNER_KEY;

/** Node options that load loop-delay-probe.ts into a server (see `loopDelay`). */
export const PROBED = ['--import', here('./loop-delay-probe.ts')];

/** The server's event-loop delay since the last ask (ms): p99 and the longest. */
export type LoopDelay = { p99: number; max: number };

/**
 * Asks a server started with PROBED how long its thread stood still since the last ask; NaN
 * when it does not answer (a `marquee` that ran itself again on another Node has no channel).
 */
export function loopDelay(server: ChildProcess): Promise<LoopDelay> {
  return new Promise((resolve) => {
    const silent = setTimeout(() => {
      server.off('message', answered);
      resolve({ p99: Number.NaN, max: Number.NaN });
    }, 2000);
    function answered(figures: unknown) {
      clearTimeout(silent);
      resolve(figures as LoopDelay);
    }
    server.once('message', answered);
    server.send('loop-delay');
  });
}

/** Every child started, stopped when the bench ends, also when it fails half-way. */
const started = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of started) child.kill();
});

/** The V8 flags `npm run serve` launches the server with, read from package.json's script. */
const SERVER_FLAGS = (
  JSON.parse(readFileSync(here('../../package.json'), 'utf8')) as { scripts: { serve: string } }
).scripts.serve
  .split(' ')
  .filter((word) => word.startsWith('--'));

/**
 * Starts `node args…` and resolves once its output matches `ready`. With the V8 flags that
 * `npm run serve` and `npm start` launch the server with, so memory is measured as users run it.
 * `adminToken` goes in the environment, as the README says to give it (a flag shows in the
 * process list).
 */
export function start(args: string[], ready: RegExp, adminToken?: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...SERVER_FLAGS, ...args], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: adminToken ? { ...process.env, MARQUEE_ADMIN_TOKEN: adminToken } : process.env,
  });
  child.channel?.unref();
  started.add(child);
  child.on('exit', () => started.delete(child));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

/**
 * `marquee serve` on a calendar seeded in `dir` (openStore + seedCalendar), with an owner
 * token, started once the seed is written and ready once its first snapshot is made; `extra`:
 * more serve options (a zone…).
 */
export async function startSeededServer(options: {
  dir: string;
  size: SeedSize;
  port: number;
  token: string;
  extra?: string[];
}): Promise<ChildProcess> {
  const { dir, size, port, token, extra = [] } = options;
  const store = openStore(dir, { lock: false });
  seedCalendar(store, size);
  store.close();
  const serve = [MARQUEE, 'serve', '--port', String(port)];
  const server = await start([...serve, '--data', dir, ...extra], /is serving/, token);
  await untilSnapshotted(`http://127.0.0.1:${port}`, token);
  return server;
}

/**
 * Waits until the calendar served at `origin` has a daily snapshot: a server starts by making
 * one (when none is a day old), on a thread of its own, and a bench measured meanwhile would
 * measure the copy too (12 s of both cores and the disk at 1M events). Seconds waited. A kept
 * calendar (BENCH_CALENDAR) whose newest one is older than a day gets a new one that this does
 * not wait for: run such a bench twice.
 */
export async function untilSnapshotted(origin: string, token: string): Promise<number> {
  const began = performance.now();
  for (;;) {
    const reply = await fetch(`${origin}/wp-json/marquee/v1/snapshots`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const snapshots = (await reply.json()) as { reason: string }[];
    if (snapshots.some((snapshot) => snapshot.reason === 'daily'))
      return (performance.now() - began) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
