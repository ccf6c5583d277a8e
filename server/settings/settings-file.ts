/**
 * `settings.json` in the data directory. Read and validated at start (a broken file is a clear
 * error, never silently replaced); written atomically. Command-line flags override values for
 * one run without rewriting the file.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import {
  calendarSettingsSchema,
  settingsSchema,
  systemTimeZone,
  type Settings,
} from '#shared/schemas/settings.ts';
import { storeFailureOf } from '../store/store-failure.ts';

export const SETTINGS_FILE = 'settings.json';

export type SettingsStore = {
  get(): Settings;
  /** The settings as settings.json holds them (without this run's overrides). */
  saved(): Settings;
  /** Bumped by every update (response caches key on it). */
  version(): number;
  /**
   * Validates and saves a change; run-time overrides stay in force. A change to the calendar's
   * own settings (or its welcome done) is stamped `calendarChanged` now, unless the patch says
   * its own stamp (another server's change, taken with its time; earlier settings put back).
   */
  update(patch: Partial<Settings>): Settings;
  /** The settings a start flag sets for this run. */
  overridden(): (keyof Settings)[];
  /**
   * The port this run listens on, once it does: a start flag (`--port`, MARQUEE_PORT) may have
   * chosen another than `port`, which only the next start without one uses.
   */
  listeningPort(): number | undefined;
  listensOn(port: number): void;
  /** Runs `listener` after every saved change (a hub's laptops are told); answers its removal. */
  onChange(listener: () => void): () => void;
};

export class SettingsFileError extends Error {
  constructor(file: string, problem: string) {
    super(`${file} is not valid: ${problem}. Fix or delete the file and start again.`);
    this.name = 'SettingsFileError';
  }
}

export function loadSettings(dataDir: string, overrides: Partial<Settings> = {}): SettingsStore {
  const file = join(dataDir, SETTINGS_FILE);
  const found = existsSync(file) ? readSettings(file) : undefined;
  // A new calendar takes the machine's zone until someone confirms it in the welcome — unless
  // whoever started it chose the zone with a start flag (website builds, tests).
  let saved: Settings =
    found ??
    settingsSchema.parse({ timezone: systemTimeZone(), confirmed: 'timezone' in overrides });
  if (!found) writeAtomically(file, saved);
  let current = settingsSchema.parse({ ...saved, ...overrides });
  let version = 0;
  let listening: number | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    saved: () => saved,
    version: () => version,
    overridden: () => Object.keys(overrides) as (keyof Settings)[],
    listeningPort: () => listening,
    listensOn(port) {
      listening = port;
    },
    update(patch) {
      let next = settingsSchema.parse({ ...saved, ...patch });
      if (!('calendarChanged' in patch) && calendarMoved(saved, next))
        next = { ...next, calendarChanged: new Date().toISOString() };
      try {
        writeAtomically(file, next);
      } catch (error) {
        // The settings in force stay those of the file.
        throw saveFailure(error);
      }
      saved = next;
      current = settingsSchema.parse({ ...next, ...overrides });
      version += 1;
      for (const listener of listeners) listener();
      return current;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Whether a change touches what defines the calendar, or marks its welcome done. */
function calendarMoved(before: Settings, after: Settings): boolean {
  const own = (settings: Settings) => JSON.stringify(calendarSettingsSchema.parse(settings));
  return own(before) !== own(after) || (!before.confirmed && after.confirmed);
}

function readSettings(file: string): Settings {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new SettingsFileError(file, (error as Error).message);
  }
  const result = settingsSchema.safeParse({ timezone: systemTimeZone(), ...(raw as object) });
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new SettingsFileError(file, problems.join('; '));
  }
  return result.data;
}

/**
 * A temporary file, flushed to the disk, then renamed over the old one: a crash or a full disk
 * leaves either the old settings or the new, never half a file.
 */
function writeAtomically(file: string, settings: Settings): void {
  const temporary = `${file}.tmp`;
  try {
    const fd = openSync(temporary, 'w');
    try {
      writeFileSync(fd, `${JSON.stringify(settings, null, 2)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** A change that could not be saved: 507 for a full disk, 503 for a directory refusing writes. */
function saveFailure(error: unknown): unknown {
  return storeFailureOf(error, true) ?? error;
}
