/**
 * `npm run measure:write-path`: which of the project's files one `POST /events` goes through,
 * measured on a running server rather than read (docs/architecture.md's figures).
 *
 * - the call stack at the `INSERT INTO events` (the event's own row, written after its `posts`
 *   row and texts): the files the write is nested in, from the request's callback down;
 * - every file whose code ran from the request's arrival to that INSERT, and for the whole
 *   request (V8's precise coverage, its counters reset after two warm-up writes, so start-up and
 *   first-use code are not counted).
 *
 * `MARQUEE_ROOT` measures another checkout of the project (an older commit, for the "before").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { StatementSync } from 'node:sqlite';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(process.env.MARQUEE_ROOT ?? join(fileURLToPath(import.meta.url), '../..'));
const TOKEN = 'write-path-token-0123456789';

type StartServer = (options: {
  dataDir: string;
  port: number;
  adminToken: string;
  overrides: Record<string, unknown>;
  logger: Record<string, () => void>;
}) => Promise<{ url: string; close(): Promise<void> }>;

const { startServer } = (await import(
  pathToFileURL(join(ROOT, 'server/start-server.ts')).href
)) as { startServer: StartServer };

/** A project file's path from a stack frame or a script URL; undefined outside the project. */
function projectFile(location: string): string | undefined {
  const path = location.startsWith('file://') ? fileURLToPath(location) : location;
  const file = relative(ROOT, path);
  if (!path.startsWith('/') || file.startsWith('..') || /^(node_modules|scripts)\//.test(file))
    return undefined;
  return file;
}

/** The project files of a stack's frames, outermost first, a file again each time it recurs. */
function stackFrames(stack: string): string[] {
  const frames = [...stack.matchAll(/\(?(file:\/\/[^\s)]+|\/[^\s)]+):\d+:\d+\)?$/gm)];
  return frames
    .map((frame) => projectFile(frame[1]!))
    .filter((file) => file !== undefined)
    .reverse();
}

/** Calls from one file into another along frames (a call within a file is no hop). */
const hopsOf = (frames: string[]) =>
  frames.filter((file, index) => index > 0 && file !== frames[index - 1]).length;

type Coverage = { result: { url: string; functions: { ranges: { count: number }[] }[] }[] };

const session = new Session();
session.connect();
/** An in-thread session answers at once: the callback runs before `post` returns. */
function post(method: string, params?: object): Coverage {
  let answer: Coverage | undefined;
  session.post(method, params, (error, result) => {
    if (error) throw error;
    answer = result as Coverage;
  });
  if (!answer) throw new Error(`${method} did not answer at once`);
  return answer;
}

/** The project files of which a function ran since the counters were last taken. */
function filesRan(): string[] {
  return post('Profiler.takePreciseCoverage')
    .result.filter((script) => script.functions.some((fn) => fn.ranges[0]!.count > 0))
    .map((script) => projectFile(script.url))
    .filter((file) => file !== undefined)
    .sort();
}

let measuring = false;
let atInsert: { frames: string[]; ran: string[] } | undefined;
const run = Object.getOwnPropertyDescriptor(StatementSync.prototype, 'run')!
  .value as StatementSync['run'];
StatementSync.prototype.run = function (this: StatementSync, ...values) {
  if (measuring && !atInsert && /^\s*INSERT INTO events\b/i.test(this.sourceSQL)) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = Infinity;
    const frames = stackFrames(new Error().stack ?? '');
    Error.stackTraceLimit = limit;
    atInsert = { frames, ran: filesRan() };
  }
  return run.apply(this, values as Parameters<typeof run>);
};

const dataDir = mkdtempSync(join(tmpdir(), 'marquee-write-path-'));
const quiet = () => {};
const server = await startServer({
  dataDir,
  port: 0,
  adminToken: TOKEN,
  overrides: { timezone: 'UTC' },
  logger: { info: quiet, warn: quiet, error: quiet, debug: quiet },
});

let made = 0;
async function createEvent(): Promise<void> {
  made += 1;
  const reply = await fetch(`${server.url}/wp-json/tribe/events/v1/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: `Concert ${made}`,
      start_date: '2026-12-04 20:00:00',
      end_date: '2026-12-04 22:00:00',
    }),
  });
  if (reply.status !== 201) throw new Error(`POST /events answered ${reply.status}`);
  await reply.arrayBuffer();
}

post('Profiler.enable');
post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
await createEvent();
await createEvent();
filesRan(); // resets the counters
measuring = true;
await createEvent();
const ranInAll = [...new Set([...atInsert!.ran, ...filesRan()])].sort();
post('Profiler.stopPreciseCoverage');
session.disconnect();
await server.close();
rmSync(dataDir, { recursive: true, force: true });

const list = (title: string, files: string[]) =>
  console.log(`${title}: ${files.length} files\n${files.map((file) => `  ${file}\n`).join('')}`);
const { frames, ran } = atInsert!;
const routeTable = frames.findIndex((file) => file.endsWith('.routes.ts'));
if (routeTable < 0) throw new Error('No route table on the stack at the INSERT');
const fromRoutes = frames.slice(routeTable);
list('Call stack at the INSERT INTO events (outermost first)', [...new Set(frames)]);
console.log(`Hops (calls from one file into another) on it: ${hopsOf(frames)}`);
console.log(
  `From the route table: ${new Set(fromRoutes).size} files, ${hopsOf(fromRoutes)} hops\n`,
);
list('Files whose code ran from the request to that INSERT', ran);
list('Files whose code ran for the whole request', ranInAll);
