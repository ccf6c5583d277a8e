/**
 * Where `marquee site …` does its work. With no server on the data directory, here: the
 * calendar is opened for this command alone and the server's own website service does the work
 * (the same code the editor's requests run). With a server running on it, that server does the
 * work (one sync at a time, its schedule kept in step): the command asks it over its API, as the
 * calendar's owner, with a token made for the request and revoked after it.
 */
import type {
  SiteConnection,
  SiteLogEntry,
  SiteStatus,
  SiteTest,
  SyncSummary,
} from '#shared/schemas/site.ts';
import { createAccessTokens } from '../auth/access-tokens.service.ts';
import { createUsersRepo } from '../auth/users.repo.ts';
import { systemClock } from '../clock.ts';
import { DomainError } from '../domain/errors.ts';
import { createServices } from '../services.ts';
import { loadSettings } from '../settings/settings-file.ts';
import { DataDirInUseError, type ServerInfo } from '../store/data-dir-lock.ts';
import { openStore } from '../store/open-store.ts';
import { VERSION } from '../version.ts';
import { CommandError } from './usage.ts';

export type SiteDoor = {
  /** Where the work is done, for the user: "here" or the server's address. */
  where: string;
  test(connection: SiteConnection): Promise<SiteTest>;
  connect(connection: SiteConnection): Promise<{ status: SiteStatus; summary: SyncSummary }>;
  sync(dryRun: boolean): Promise<SyncSummary>;
  status(): Promise<SiteStatus>;
  log(limit: number): Promise<SiteLogEntry[]>;
  disconnect(): Promise<SiteStatus>;
  close(): void;
};

/** The door for `dataDir`: the running server's, or the calendar's own. */
export function openSiteDoor(dataDir: string): SiteDoor {
  try {
    return localDoor(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    if (!error.holder)
      throw new CommandError(
        `The calendar in ${error.dataDir} is in use by another Marquee whose address is unknown: stop it, or use its editor (Settings → Website).`,
      );
    return serverDoor(dataDir, error.holder);
  }
}

/** A refusal of the website service (its message says what to do) as the command's one line. */
async function plainly<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw new CommandError(error.message);
    throw error;
  }
}

function localDoor(dataDir: string): SiteDoor {
  const store = openStore(dataDir, { lock: true });
  try {
    const settings = loadSettings(store.dataDir);
    const { site } = createServices({ store, settings, clock: systemClock, version: VERSION });
    return {
      where: 'here',
      test: (connection) => plainly(() => site.test(connection)),
      connect: (connection) => plainly(() => site.connect(connection)),
      sync: (dryRun) => plainly(() => site.sync({ dryRun, full: true })),
      status: () => plainly(() => site.status()),
      log: (limit) => plainly(() => site.log(limit)),
      disconnect: () => plainly(() => site.disconnect()),
      close: () => store.close(),
    };
  } catch (error) {
    store.close();
    throw error;
  }
}

function serverDoor(dataDir: string, holder: ServerInfo): SiteDoor {
  async function ask<T>(method: string, path: string, body?: unknown): Promise<T> {
    // The owner's token for this one request: made beside the running server (SQLite's locking
    // keeps both safe), revoked when the answer is in.
    const store = openStore(dataDir, { lock: false });
    const tokens = createAccessTokens({ users: createUsersRepo(store.db), clock: systemClock });
    const made = tokens.create('marquee site (command line)', 'admin');
    try {
      let reply: Response;
      try {
        reply = await fetch(`${holder.url}/wp-json/marquee/v1/${path}`, {
          method,
          headers: {
            authorization: `Bearer ${made.token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (error) {
        throw new CommandError(
          `The server running on this calendar (${holder.url}) does not answer (${(error as Error).message}): is it stopping? Try again.`,
        );
      }
      const answer = (await reply.json()) as { message?: string } & T;
      if (!reply.ok)
        throw new CommandError(answer.message ?? `The server answered ${reply.status}.`);
      return answer;
    } finally {
      tokens.revoke(made.id);
      store.close();
    }
  }
  return {
    where: holder.url,
    test: (connection) => ask('PUT', 'site', { ...connection, confirm: false }),
    connect: (connection) => ask('PUT', 'site', { ...connection, confirm: true }),
    sync: async (dryRun) =>
      (await ask<{ summary: SyncSummary }>('POST', 'site/sync', { dryRun })).summary,
    status: () => ask('GET', 'site'),
    log: (limit) => ask('GET', `site/log?limit=${limit}`),
    disconnect: () => ask('DELETE', 'site'),
    close: () => undefined,
  };
}
