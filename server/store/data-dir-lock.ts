/**
 * One server per data directory. The lock is an exclusive SQLite lock on `marquee.lock`: the OS
 * drops it when the process dies, so a crash never leaves a stale lock behind (a pid file would).
 * `server.json` beside it says who holds it, for the error message and for tools.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export type ServerInfo = { pid: number; url: string; startedAt: string };

export class DataDirInUseError extends Error {
  readonly dataDir: string;
  readonly holder: ServerInfo | undefined;
  /** Who holds it, for messages: " by Marquee (pid …, url)", or " by another Marquee". */
  readonly heldBy: string;
  constructor(dataDir: string, holder: ServerInfo | undefined) {
    const heldBy = holder
      ? ` by Marquee (pid ${holder.pid}, ${holder.url})`
      : ' by another Marquee';
    super(
      `The data directory ${dataDir} is in use${heldBy}. Stop it first, or pass another --data directory.`,
    );
    this.name = 'DataDirInUseError';
    this.dataDir = dataDir;
    this.holder = holder;
    this.heldBy = heldBy;
  }
}

export type DataDirLock = {
  /** Records the running server's address in server.json. */
  announce(info: ServerInfo): void;
  release(): void;
};

export function lockDataDir(dataDir: string): DataDirLock {
  const infoFile = join(dataDir, 'server.json');
  const lock = new DatabaseSync(join(dataDir, 'marquee.lock'), { timeout: 0 });
  try {
    lock.exec('PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE');
  } catch {
    lock.close();
    throw new DataDirInUseError(dataDir, readServerInfo(infoFile));
  }
  return {
    announce(info) {
      writeFileSync(infoFile, `${JSON.stringify(info, null, 2)}\n`);
    },
    release() {
      rmSync(infoFile, { force: true });
      if (lock.isOpen) lock.close();
    },
  };
}

function readServerInfo(file: string): ServerInfo | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ServerInfo;
  } catch {
    return undefined;
  }
}
