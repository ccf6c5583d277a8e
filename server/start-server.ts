/**
 * Hosts the app: opens the calendar in a data directory (taking the server lock), applies
 * run-time setting overrides, listens, and closes everything cleanly. Used by `marquee serve`,
 * the desktop shell and the integration tests.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Settings } from '#shared/schemas/settings.ts';
import type { UpdateWork } from '#shared/updates/update-policy.ts';
import { createApp, type MarqueeApp } from './app.ts';
import { systemClock, type Clock } from './clock.ts';
import { createHttpServer } from './http/http-server.ts';
import { stopServing } from './http/stop-serving.ts';
import { consoleLogger, type Logger } from './logger.ts';
import { loadSettings } from './settings/settings-file.ts';
import type { Fsync } from './store/durable-commits.ts';
import type { Database } from './store/database.ts';
import { openStore } from './store/open-store.ts';
import { createUsersRepo } from './store/users.repo.ts';
import { VERSION } from './version.ts';
import { removeCommandLineTokens } from './sign-in/command-line-tokens.ts';
import { newOwnerKey } from './sign-in/owner-key.ts';
import { MIN_SECRET_LENGTH } from './sign-in/tokens.ts';
import type { SecretBox } from './peers/site-secret.ts';
import type { PassHook } from './peers/pass-points.ts';

type ServerOptions = {
  dataDir: string;
  /** 0 picks a free port; 'configured' uses settings.json's `port` (the desktop app). */
  port: number | 'configured';
  host?: string | undefined;
  adminToken?: string | undefined;
  /** Opens the owner's session in a browser (MARQUEE_OWNER_KEY); none: a random one. */
  ownerKey?: string | undefined;
  /** Run-time overrides of settings.json (not saved). */
  overrides?: Partial<Settings> | undefined;
  staticDir?: string | undefined;
  clock?: Clock | undefined;
  logger?: Logger | undefined;
  /** How commits are confirmed on disk: node:fs's fsync; tests hold it or make it fail. */
  fsync?: Fsync | undefined;
  /** How the desktop shell encrypts the website's password (none: an owner-only file). */
  secretBox?: SecretBox | undefined;
  /** How often the website is asked for its changes (default 60 s, or MARQUEE_SITE_POLL_SECONDS). */
  sitePollSeconds?: number | undefined;
  /** A test's hook at the website sync's named points (peers/pass-points.ts). */
  siteHook?: PassHook | undefined;
  /** How often the hub is asked for its changes besides its stream (MARQUEE_HUB_POLL_SECONDS). */
  hubPollSeconds?: number | undefined;
  /** A test's hook at the hub sync's named points (peers/pass-points.ts). */
  hubHook?: PassHook | undefined;
  /** Installers and their update feed, served at /updates/ (none: the data directory's). */
  updatesDir?: string | undefined;
  /** Events from which every event's JSON is kept on disk (resident-fragments.ts; tests lower it). */
  residentJsonFrom?: number | undefined;
};

export type RunningServer = {
  /** e.g. http://127.0.0.1:8787 (no trailing slash) */
  url: string;
  /** The editor's address with the owner key (`/?key=…`): what `marquee serve` prints. */
  editorUrl: string;
  port: number;
  dataDir: string;
  /** SQL statements run so far (tests check that prepared answers cost none). */
  statementCount(): number;
  /** The calendar's SQLite connection (tests make its disk full or read-only through it). */
  database: Database;
  /** What the desktop app's update policy asks before it installs (peers/update-work.ts). */
  updateWork(): UpdateWork;
  /**
   * Settles once the work the server does aside is over: a daily snapshot under way, and the
   * events' JSON a large calendar makes ahead (which waits for a quiet moment).
   */
  idle(): Promise<void>;
  /**
   * Stops: answers under way get `graceMs` (default 3 s) to go out; past it a file's import
   * still writing is stopped, and answered, before the connections close.
   */
  close(options?: { graceMs?: number }): Promise<void>;
};

export class PortInUseError extends Error {
  readonly port: number;
  constructor(host: string, port: number) {
    super(
      `Port ${port} on ${host} is already in use. Stop the program using it, or pass another --port.`,
    );
    this.name = 'PortInUseError';
    this.port = port;
  }
}

/** A secret given at start (the admin token, the owner key) too short to stand guessing. */
export class SecretTooShortError extends Error {
  constructor(what: string, length: number) {
    super(
      `The ${what} has ${length} characters: it needs at least ${MIN_SECRET_LENGTH} (make one with: openssl rand -base64 32).`,
    );
    this.name = 'SecretTooShortError';
  }
}

const DEFAULT_HOST = '127.0.0.1';

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  const ownerKey = options.ownerKey || newOwnerKey();
  if (options.adminToken !== undefined && options.adminToken.length < MIN_SECRET_LENGTH)
    throw new SecretTooShortError('admin token', options.adminToken.length);
  if (options.ownerKey && options.ownerKey.length < MIN_SECRET_LENGTH)
    throw new SecretTooShortError('owner key (MARQUEE_OWNER_KEY)', options.ownerKey.length);
  const store = openStore(options.dataDir, { lock: true, background: { fsync: options.fsync } });
  let server: Server | undefined;
  let app: MarqueeApp | undefined;
  try {
    const settings = loadSettings(store.dataDir, options.overrides);
    removeCommandLineTokens(createUsersRepo(store.db));
    const created = createApp({
      store,
      settings,
      clock: options.clock ?? systemClock,
      logger: options.logger ?? consoleLogger,
      version: VERSION,
      staticDir: options.staticDir,
      adminToken: options.adminToken,
      ownerKey,
      secretBox: options.secretBox,
      sitePollSeconds: options.sitePollSeconds,
      siteHook: options.siteHook,
      hubPollSeconds: options.hubPollSeconds,
      hubHook: options.hubHook,
      updatesDir: options.updatesDir,
    });
    app = created;
    created.publishing.start();
    created.seriesHorizon.start();
    created.dailySnapshots.start();
    created.siteSync.start();
    created.hubSync.start();
    created.residentJson.start(options.residentJsonFrom);
    // Prepared answers go out before Express sees the request (see http/response-cache.ts).
    // Posts due by now are published before any answer, and a due daily snapshot is scheduled
    // (made right after this request, never in its way): the timers may be late.
    server = createHttpServer((req, res) => {
      created.publishing.catchUp();
      created.seriesHorizon.catchUp();
      created.dailySnapshots.catchUp();
      created.residentJson.requestCame();
      if (!created.serveCached(req, res)) created(req, res);
    });
    await listen(server, options.port === 'configured' ? settings.get().port : options.port, host);
    settings.listensOn((server.address() as AddressInfo).port);
    // Start-up's writes (migrations, posts come due) are committed: from here, the writes of a
    // turn of the event loop commit together (store/database.ts).
    store.db.groupCommits();
  } catch (error) {
    app?.publishing.stop();
    app?.seriesHorizon.stop();
    app?.dailySnapshots.stop();
    await app?.siteSync.stop();
    await app?.hubSync.stop();
    app?.residentJson.stop();
    store.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  store.lock?.announce({ pid: process.pid, url, startedAt: new Date().toISOString() });
  const running = server;
  const hosted = app;
  return {
    url,
    editorUrl: `${url}/?key=${encodeURIComponent(ownerKey)}`,
    port,
    dataDir: store.dataDir,
    statementCount: () => store.db.statementCount(),
    database: store.db,
    idle: async () => {
      await hosted.dailySnapshots.settled();
      await hosted.residentJson.settled();
    },
    updateWork: () => hosted.updateWork(),
    close: async (options = {}) => {
      hosted.publishing.stop();
      hosted.seriesHorizon.stop();
      // A snapshot under way is stopped, and its thread gone, before the files close.
      hosted.dailySnapshots.stop();
      await hosted.siteSync.stop();
      await hosted.hubSync.stop();
      await hosted.dailySnapshots.settled();
      hosted.closeStreams();
      await stopServing(running, () => store.db.stopWritesAside(), options.graceMs);
      hosted.residentJson.stop();
      store.close();
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(host, port) : error);
    });
    server.listen(port, host, () => resolve());
  });
}
