/**
 * The `marquee` command line. Known failures (busy port, data directory in use, a broken
 * settings file) print one clear line and exit 1; usage mistakes print the usage and exit 2.
 */
import { DataDirInUseError } from '../store/data-dir-lock.ts';
import { DatabaseTooNewError } from '../store/migrate.ts';
import { SettingsFileError } from '../settings/settings-file.ts';
import { storeFailureOf } from '../store/store-failure.ts';
import { SecretTooShortError, PortInUseError } from '../start-server.ts';
import { VERSION } from '../version.ts';
import { serveCommand } from './serve-command.ts';
import { tokenCommand } from './token-command.ts';
import { compactCommand } from './compact-command.ts';
import { backupCommand, restoreCommand } from './backup-command.ts';
import { exportCommand, importCommand } from './files-command.ts';
import { snapshotsCommand } from './snapshots-command.ts';
import { siteCommand } from './site-command.ts';
import { hubCommand } from './hub-command.ts';
import { CommandError, USAGE, UsageError } from './usage.ts';

const KNOWN_FAILURES = [
  CommandError,
  DataDirInUseError,
  PortInUseError,
  SecretTooShortError,
  SettingsFileError,
  DatabaseTooNewError,
];

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        await serveCommand(rest);
        return 0;
      case 'token':
        tokenCommand(rest);
        return 0;
      case 'compact':
        compactCommand(rest);
        return 0;
      case 'backup':
        await backupCommand(rest);
        return 0;
      case 'restore':
        restoreCommand(rest);
        return 0;
      case 'import':
        await importCommand(rest);
        return 0;
      case 'export':
        await exportCommand(rest);
        return 0;
      case 'snapshots':
        snapshotsCommand(rest);
        return 0;
      case 'site':
        await siteCommand(rest);
        return 0;
      case 'hub':
        await hubCommand(rest);
        return 0;
      case '--version':
      case '-v':
        console.log(VERSION);
        return 0;
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        console.log(USAGE);
        return 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      console.error(`marquee: ${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    if (KNOWN_FAILURES.some((type) => error instanceof type)) {
      console.error(`marquee: ${(error as Error).message}`);
      return 1;
    }
    // A full disk or a read-only data directory: one clear line, not a stack trace.
    const storeFailure = storeFailureOf(error);
    if (storeFailure) {
      const problem =
        storeFailure.kind === 'disk-full'
          ? 'the disk is full'
          : 'the data directory cannot be written to';
      console.error(`marquee: ${problem} (${(error as Error).message}); nothing was changed.`);
      return 1;
    }
    throw error;
  }
}

const code = await main(process.argv.slice(2));
if (code !== 0) process.exit(code);
