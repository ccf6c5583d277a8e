/**
 * Where `marquee site …` and `marquee hub …` do their work. With no server on the data
 * directory, here: the calendar is opened for this command alone and the server's own service
 * does the work (the same code the editor's requests run). With a server running on it, that
 * server does the work (one sync at a time, its schedule kept in step): the command asks it over
 * its API, as the calendar's owner, with a token made for the request and deleted after it,
 * whatever the answer (sign-in/command-line-tokens.ts).
 */
import { createAccessTokens } from '../sign-in/access-tokens.service.ts';
import { commandLineTokenName, type AskingCommand } from '../sign-in/command-line-tokens.ts';
import { createUsersRepo } from '../store/users.repo.ts';
import { systemClock } from '../clock.ts';
import { DomainError } from '../domain/errors.ts';
import { createServices, type Services } from '../services.ts';
import { loadSettings } from '../settings/settings-file.ts';
import { DataDirInUseError, type ServerInfo } from '../store/data-dir-lock.ts';
import { openStore } from '../store/open-store.ts';
import { VERSION } from '../version.ts';
import { CommandError } from './usage.ts';

/** Asks the running server: `method` on `path` under marquee/v1, answering its JSON. */
type Ask = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/**
 * The door for `dataDir`: `here` over the calendar's own services, or `there` over the running
 * server's API. `settings` names where the editor does it, for a server whose address is unknown.
 */
export function openPeerDoor<T>(
  dataDir: string,
  what: { command: AskingCommand; settings: string },
  here: (services: Services, close: () => void) => T,
  there: (ask: Ask) => T,
): T {
  let store;
  try {
    store = openStore(dataDir, { lock: true });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    if (!error.holder)
      throw new CommandError(
        `The calendar in ${error.dataDir} is in use by another Marquee whose address is unknown: stop it, or use its editor (${what.settings}).`,
      );
    return there(askServer(dataDir, error.holder, what.command));
  }
  try {
    const settings = loadSettings(store.dataDir);
    const services = createServices({ store, settings, clock: systemClock, version: VERSION });
    return here(services, () => store.close());
  } catch (error) {
    store.close();
    throw error;
  }
}

/** A refusal of a service (its message says what to do) as the command's one line. */
export async function plainly<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw new CommandError(error.message);
    throw error;
  }
}

function askServer(dataDir: string, holder: ServerInfo, command: AskingCommand): Ask {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    // The owner's token for this one request: made beside the running server (SQLite's locking
    // keeps both safe), deleted when the answer is in, or the request failed.
    const store = openStore(dataDir, { lock: false });
    const tokens = createAccessTokens({ users: createUsersRepo(store.db), clock: systemClock });
    let made;
    try {
      made = tokens.create(commandLineTokenName(command), 'admin');
    } catch (error) {
      store.close();
      throw error;
    }
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
      try {
        tokens.remove(made.id);
      } finally {
        store.close();
      }
    }
  };
}
