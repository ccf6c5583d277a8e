/**
 * `marquee serve`: the calendar server, headless, with the editor at `/`. Prints the URL, and
 * the editor's address with the owner key, once it is listening; Ctrl-C (or SIGTERM) closes
 * connections and the database cleanly.
 */
import { parseArgs } from 'node:util';
import { settingsUpdateSchema } from '#shared/schemas/settings.ts';
import { startServer } from '../start-server.ts';
import { crashHook } from '../peers/pass-points.ts';
import { VERSION } from '../version.ts';
import { defaultDataDir } from './data-dir.ts';
import { UsageError } from './usage.ts';
import { findStaticDir } from './static-dir.ts';
import { plainHttpWarning } from './bind-warning.ts';

const ADMIN_TOKEN_FLAG_WARNING =
  'Warning: --admin-token shows in the process list (ps) to every user of this machine: set MARQUEE_ADMIN_TOKEN instead.';

export async function serveCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      'admin-token': { type: 'string' },
      timezone: { type: 'string' },
      language: { type: 'string' },
      updates: { type: 'string' },
    },
    strict: true,
  });
  const env = process.env;
  // Without a flag, the port Settings names (8787 until someone changes it there).
  const chosen = values.port ?? (env.MARQUEE_PORT || undefined);
  const port = chosen === undefined ? 'configured' : Number(chosen);
  if (port !== 'configured' && (!Number.isInteger(port) || port < 0 || port > 65535))
    throw new UsageError(`--port must be 0–65535, not "${chosen}"`);
  // Only the flags given: the settings file keeps the say over everything else.
  const overrides = settingsUpdateSchema.safeParse({
    ...(values.timezone ? { timezone: values.timezone } : {}),
    ...(values.language ? { defaultLanguage: values.language } : {}),
  });
  if (!overrides.success) {
    const issue = overrides.error.issues[0];
    throw new UsageError(
      `--${issue?.path[0] === 'defaultLanguage' ? 'language' : 'timezone'} ${issue?.message ?? 'is not valid'}`,
    );
  }

  if (values['admin-token'] !== undefined) console.error(ADMIN_TOKEN_FLAG_WARNING);
  const server = await startServer({
    dataDir: values.data ?? defaultDataDir(),
    port,
    host: values.host ?? env.MARQUEE_HOST,
    adminToken: values['admin-token'] ?? (env.MARQUEE_ADMIN_TOKEN || undefined),
    ownerKey: env.MARQUEE_OWNER_KEY,
    overrides: overrides.data,
    staticDir: findStaticDir(),
    sitePollSeconds: env.MARQUEE_SITE_POLL_SECONDS
      ? Number(env.MARQUEE_SITE_POLL_SECONDS)
      : undefined,
    siteHook: crashHook(env.MARQUEE_SITE_CRASH_AT),
    hubPollSeconds: env.MARQUEE_HUB_POLL_SECONDS ? Number(env.MARQUEE_HUB_POLL_SECONDS) : undefined,
    hubHook: crashHook(env.MARQUEE_HUB_CRASH_AT, 'MARQUEE_HUB_CRASH_AT'),
    updatesDir: values.updates,
  });
  // Installed before the lines that invite a stop: a SIGTERM sent as soon as "Press Ctrl-C"
  // is read must find them, not the default action, which kills the process mid-write.
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    void server.close().then(() => {
      console.log('Marquee stopped.');
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`Marquee ${VERSION} is serving ${server.url}/`);
  // The address that opens the editor as its owner, as Jupyter prints its token's.
  console.log(`  Editor: ${server.editorUrl}`);
  console.log(`  API:  ${server.url}/wp-json/tribe/events/v1/`);
  console.log(`  Data: ${server.dataDir}`);
  console.log('Press Ctrl-C to stop.');
  const exposed = plainHttpWarning(values.host ?? env.MARQUEE_HOST ?? '127.0.0.1');
  if (exposed) console.error(exposed);
}
