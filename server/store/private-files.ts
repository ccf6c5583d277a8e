/**
 * A data directory is its owner's alone: drafts, event passwords, snapshots, the website's
 * password and the hub's token are in it. Every door (serve, the command line, the desktop
 * shell) opens it through openStore, which calls keepPrivate first: from then on the process
 * creates files 0600 and folders 0700 (a umask: SQLite's WAL and SHM files, snapshots, settings
 * and every file written later included), and what an older version left readable by others
 * is made owner-only once, on the spot.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

/** Group and others may neither read, write nor enter what the process creates. */
const OWNER_ONLY_UMASK = 0o077;

/**
 * The folders of a data directory whose contents are Marquee's (snapshots, files being
 * received): walked whole. The
 * desktop shell's data directory is also Chromium's profile, whose own folders are left to it;
 * its files at the top are made owner-only with Marquee's.
 */
const OWN_FOLDERS = new Set(['backups', 'uploads']);

/** Creates `dir` (owner-only) if need be, and makes it and Marquee's files in it owner-only. */
export function keepPrivate(dir: string): void {
  // A worker thread may not change the umask; the process's main thread already did.
  if (isMainThread) process.umask(OWNER_ONLY_UMASK);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  restrict(dir, true);
  for (const entry of stillListed(dir)) {
    const path = join(dir, entry.name);
    if (entry.isFile()) restrict(path, false);
    else if (entry.isDirectory() && OWN_FOLDERS.has(entry.name)) restrictTree(path);
  }
}

function restrictTree(dir: string): void {
  restrict(dir, true);
  for (const entry of stillListed(dir)) {
    const path = join(dir, entry.name);
    if (entry.isFile()) restrict(path, false);
    else if (entry.isDirectory()) restrictTree(path);
  }
}

/**
 * Whether `error` says the path is gone. A server beside this process (the command line opens
 * a data directory a server holds) removes files as it goes, a backup's journal among them,
 * between the listing and the look: a file gone needs no restricting.
 */
const gone = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** The entries of a folder of Marquee's, none if it went meanwhile. */
function stillListed(dir: string) {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if (gone(error)) return [];
    throw error;
  }
}

/** Takes group's and others' bits off (a symbolic link is left as it is: it has no mode). */
export function restrict(path: string, folder: boolean): void {
  try {
    const { mode } = lstatSync(path);
    if ((mode & 0o077) === 0) return;
    chmodSync(path, folder ? 0o700 : mode & 0o700);
  } catch (error) {
    if (!gone(error)) throw error;
  }
}
