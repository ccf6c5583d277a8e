/**
 * `settings.json` in the data directory. Read and validated at start (a broken file is a clear
 * error, never silently replaced); written atomically. Command-line flags override values for
 * one run without rewriting the file.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { settingsSchema, systemTimeZone, type Settings } from '#shared/schemas/settings.ts';

export const SETTINGS_FILE = 'settings.json';

export type SettingsStore = {
  get(): Settings;
  /** Bumped by every update (response caches key on it). */
  version(): number;
  /** Validates and saves a change; run-time overrides stay in force. */
  update(patch: Partial<Settings>): Settings;
  /** The settings a start flag sets for this run. */
  overridden(): (keyof Settings)[];
};

export class SettingsFileError extends Error {
  constructor(file: string, problem: string) {
    super(`${file} is not valid: ${problem}. Fix or delete the file and start again.`);
    this.name = 'SettingsFileError';
  }
}

export function loadSettings(dataDir: string, overrides: Partial<Settings> = {}): SettingsStore {
  const file = join(dataDir, SETTINGS_FILE);
  let saved = existsSync(file) ? readSettings(file) : undefined;
  if (!saved) {
    saved = settingsSchema.parse({ timezone: systemTimeZone() });
    writeAtomically(file, saved);
  }
  let current = settingsSchema.parse({ ...saved, ...overrides });
  let version = 0;
  return {
    get: () => current,
    version: () => version,
    overridden: () => Object.keys(overrides) as (keyof Settings)[],
    update(patch) {
      const next = settingsSchema.parse({ ...saved, ...patch });
      writeAtomically(file, next);
      saved = next;
      current = settingsSchema.parse({ ...next, ...overrides });
      version += 1;
      return current;
    },
  };
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

function writeAtomically(file: string, settings: Settings): void {
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(settings, null, 2)}\n`);
  renameSync(temporary, file);
}
