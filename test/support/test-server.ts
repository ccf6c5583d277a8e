/**
 * A real Marquee server for integration tests: a temporary data directory, a fixed clock, an
 * owner token and one token per role, and a small HTTP client. Bodies come back as `unknown`:
 * tests parse them with the shared wire schemas, so every test also checks the contract.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { inspect } from 'node:util';
import type { Role } from '#shared/schemas/common.ts';
import type { Settings } from '#shared/schemas/settings.ts';
import { createAccessTokens } from '#server/sign-in/access-tokens.service.ts';
import { createUsersRepo } from '#server/store/users.repo.ts';
import { fixedClock, systemClock } from '#server/clock.ts';
import type { PassHook } from '#server/peers/pass-points.ts';
import { silentLogger, type Logger } from '#server/logger.ts';
import { startServer } from '#server/start-server.ts';
import type { Fsync } from '#server/store/durable-commits.ts';
import { openStore } from '#server/store/open-store.ts';

export const OWNER_TOKEN = 'test-owner-token-0123456789';
/** What opens the owner's session in a browser (`?key=`, X-Marquee-Key): MARQUEE_OWNER_KEY's. */
export const OWNER_KEY = 'test-owner-key-0123456789';
export const TEST_NOW = new Date('2026-11-20T10:00:00Z');

export type Caller = 'owner' | Role | 'anonymous';

export type Reply = { status: number; headers: Headers; body: unknown };

export type RequestOptions = {
  method?: string;
  as?: Caller;
  json?: unknown;
  form?: Record<string, string>;
  /** A raw body (a file to import), sent as it is. */
  text?: string;
  headers?: Record<string, string>;
};

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** The real time, moved by set/advance as a fixed clock is (the shape tests use). */
function followingClock(): ReturnType<typeof fixedClock> {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    set(date) {
      offset = date.getTime() - Date.now();
    },
    advance(ms) {
      offset += ms;
    },
  };
}

/**
 * For a server whose statements a test counts: its peers' schedulers never run. Unasked, the
 * website's and the hub's look for a connected peer 2 s after every commit, a statement that
 * would land in whatever request a busy machine is answering by then.
 */
export const QUIET_PEERS = { sitePollSeconds: 0, hubPollSeconds: 0 } as const;

export async function startTestServer(
  options: {
    overrides?: Partial<Settings>;
    dataDir?: string;
    staticDir?: string;
    /** What the server logs goes here (silent by default); see capturingLogger. */
    logger?: Logger;
    /** How the server's commits are confirmed on disk (node:fs's fsync by default). */
    fsync?: Fsync;
    /** How often a connected website is polled; 0 leaves its sync to be asked for. */
    sitePollSeconds?: number;
    /** A hook at the website sync's named points (server/peers/pass-points.ts). */
    siteHook?: PassHook;
    /** How often a connected hub is asked for changes; 0 leaves its sync to be asked for. */
    hubPollSeconds?: number;
    /** The server's clock follows the real one (a real site's tests), else it is fixed at TEST_NOW. */
    realClock?: boolean;
    /** The folder served at /updates/ (none: the data directory's `updates`). */
    updatesDir?: string;
    /**
     * Events from which every event's JSON is kept on disk, made ahead in quiet moments
     * (resident-fragments.ts). Off unless a test asks: made ahead between a test's requests, it
     * would run statements they count.
     */
    residentJsonFrom?: number;
  } = {},
) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'marquee-int-'));
  const tokens = createRoleTokens(dataDir);
  const clock = options.realClock ? followingClock() : fixedClock(TEST_NOW);
  const server = await startServer({
    dataDir,
    port: 0,
    adminToken: OWNER_TOKEN,
    ownerKey: OWNER_KEY,
    overrides: { timezone: 'UTC', ...options.overrides },
    staticDir: options.staticDir,
    clock,
    logger: options.logger ?? silentLogger,
    fsync: options.fsync,
    sitePollSeconds: options.sitePollSeconds,
    siteHook: options.siteHook,
    hubPollSeconds: options.hubPollSeconds,
    updatesDir: options.updatesDir,
    residentJsonFrom: options.residentJsonFrom ?? Infinity,
  });

  async function request(path: string, init: RequestOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...init.headers };
    const caller = init.as ?? 'anonymous';
    if (caller !== 'anonymous')
      headers.authorization = `Bearer ${caller === 'owner' ? OWNER_TOKEN : tokens[caller]}`;
    let body: string | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.text !== undefined) {
      headers['content-type'] ??= 'application/octet-stream';
      body = init.text;
    }
    const method = init.method ?? (body === undefined ? 'GET' : 'POST');
    const response = await fetch(`${server.url}${path}`, { method, headers, body });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('json');
    return {
      status: response.status,
      headers: response.headers,
      body: isJson && text ? (JSON.parse(text) as unknown) : text,
    };
  }

  /** The server's statements so far: only on a server started with QUIET_PEERS. */
  function counted(): number {
    if (options.sitePollSeconds !== 0 || options.hubPollSeconds !== 0)
      throw new Error('Count statements on a server started with QUIET_PEERS.');
    return server.statementCount();
  }

  return {
    url: server.url,
    dataDir,
    clock,
    tokens,
    request,
    statementCount: counted,
    /** The SQL statements the server ran while `ask` ran. */
    async statementsDuring(ask: () => Promise<unknown>): Promise<number> {
      const before = counted();
      await ask();
      return counted() - before;
    },
    idle: () => server.idle(),
    /** What the desktop app's update policy asks before it installs. */
    updateWork: () => server.updateWork(),
    /** The server's own SQLite connection: disk-full and read-only tests set pragmas on it. */
    database: server.database,
    /** Shorthand for the TEC namespace: api('/venues') → /wp-json/tribe/events/v1/venues */
    api: (path: string, init?: RequestOptions) => request(`/wp-json/tribe/events/v1${path}`, init),
    /** `graceMs`: how long answers under way may take before long work is stopped (3 s). */
    async close(keepData = false, graceMs?: number) {
      await server.close({ graceMs });
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One access token per role, created the way `marquee token create` does it. */
function createRoleTokens(dataDir: string): Record<Role, string> {
  const store = openStore(dataDir, { lock: false });
  try {
    const service = createAccessTokens({ users: createUsersRepo(store.db), clock: systemClock });
    const roles: Role[] = ['admin', 'editor', 'author', 'contributor'];
    return Object.fromEntries(
      roles.map((role) => [role, service.create(`${role} token`, role).token]),
    ) as Record<Role, string>;
  } finally {
    store.close();
  }
}

/** A logger that keeps every line it is given, as the text a console would print. */
export function capturingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const keep = (...parts: unknown[]) => {
    lines.push(
      parts
        .map((part) => (typeof part === 'string' ? part : inspect(part, { depth: 8 })))
        .join(' '),
    );
  };
  return { lines, info: keep, warn: keep, error: keep };
}

/** A fresh server for each test that asks for one, closed after the test: call the result. */
export function serverPerTest(
  options: Parameters<typeof startTestServer>[0] = {},
): () => Promise<TestServer> {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return async () => (server = await startTestServer(options));
}
