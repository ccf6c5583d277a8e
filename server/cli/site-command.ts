/**
 * `marquee site connect|sync|status|conflicts|resolve|disconnect`: the venue's website from the
 * command line; on a laptop that is on a hub, the hub's (its state, conflicts and log; a
 * decision goes to the hub).
 * The application password comes from MARQUEE_SITE_PASSWORD or standard input, never
 * from the arguments (they show in `ps` and shell histories). `connect` tests the login and
 * prints the first sync's preview, writing nothing; `--yes` connects and runs it. `sync` prints
 * one summary line and exits 0 when the sync went through (conflicts waiting too). `conflicts`
 * lists what waits for a decision, `resolve <id> --keep marquee|site` decides one. Each works
 * with or without a server on the data directory (site-door.ts).
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { languageSchema } from '#shared/languages.ts';
import type {
  ConflictChoice,
  SiteConflict,
  SiteConnection,
  SiteStatus,
  SiteTest,
} from '#shared/schemas/site.ts';
import type { KindCounts, PeerLogEntry, SyncSummary } from '#shared/schemas/peer.ts';
import { defaultDataDir } from './data-dir.ts';
import { openSiteDoor, type SiteDoor } from './site-door.ts';
import { CommandError, UsageError } from './usage.ts';

const KINDS: readonly [keyof KindCounts, string][] = [
  ['event', 'events'],
  ['venue', 'venues'],
  ['organizer', 'organizers'],
  ['category', 'categories'],
  ['tag', 'tags'],
];

const WARNINGS: Readonly<Record<string, string>> = {
  'cannot-publish':
    'this user cannot publish: events sent from Marquee stay pending until an editor publishes them',
  'strips-html':
    'WordPress filters this user’s HTML (scripts, iframes, some attributes are removed)',
  'cannot-edit-others': 'this user cannot change events other users made on the site',
};

/** `sent N, received N, merged N, conflicts N, deleted N`: what scripts read. */
export function summaryLine(summary: SyncSummary): string {
  return `sent ${summary.sent}, received ${summary.received}, merged ${summary.merged}, conflicts ${summary.conflicts}, deleted ${summary.deleted}`;
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.MARQUEE_SITE_PASSWORD;
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) process.stderr.write('Application password: ');
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    if (line.trim()) return line.trim();
  }
  throw new CommandError(
    'No application password: set MARQUEE_SITE_PASSWORD, or give it on standard input.',
  );
}

function printTest(test: SiteTest): void {
  const { site, preview } = test;
  console.log(
    `Website: ${site.name || '(no name)'} (${site.address})${site.insecure ? ', over plain http (--insecure): the password travels unencrypted' : ''}`,
  );
  console.log(
    `The Events Calendar: ${site.tecVersion ?? 'version not shown (only administrators may list plugins)'}`,
  );
  console.log(`Logged in as: ${site.user.login} (${site.user.roles.join(', ') || 'no role'})`);
  for (const warning of site.warnings) console.log(`Warning: ${WARNINGS[warning] ?? warning}.`);
  console.log('First sync:');
  const columns = ['on the site', 'here', 'the same', 'differing', 'to the site', 'to here'];
  console.log(`  ${''.padEnd(12)}${columns.map((column) => column.padStart(13)).join('')}`);
  for (const [kind, label] of KINDS) {
    const counts = [
      preview.site[kind],
      preview.calendar[kind],
      preview.same[kind],
      preview.differing[kind],
      preview.toSite[kind],
      preview.toCalendar[kind],
    ];
    console.log(`  ${label.padEnd(12)}${counts.map((n) => String(n).padStart(13)).join('')}`);
  }
  const occurrences = preview.series.reduce((sum, each) => sum + each.occurrences, 0);
  if (preview.series.length > 0)
    console.log(
      `Events here: ${preview.calendar.event}, ${preview.series.length} of them series of ${occurrences} occurrences in all. The Events Calendar without Pro holds no series: they go to the website as ${occurrences} events.`,
    );
  for (const pair of preview.matched)
    console.log(
      `The same on both sides: ${pair.kind} “${pair.calendar}”${pair.start ? ` (${pair.start})` : ''} here, “${pair.site}” on the website`,
    );
  console.log(
    `Records that look the same are matched by: ${KINDS.map(([kind, label]) => `${label}: ${preview.matchedBy[kind]}`).join('; ')}.`,
  );
  console.log('Each field that differs in a matched record waits for your decision.');
}

const STATES: Readonly<Record<SiteStatus['state'], (status: SiteStatus) => string>> = {
  'not-connected': () => 'not connected',
  'up-to-date': () => 'up to date',
  sending: (status) => `sending ${status.pending}`,
  offline: () => 'offline (the last sync could not reach the website)',
  'needs-decision': (status) => `needs a decision (${status.conflicts})`,
  'cannot-log-in': () => 'cannot log in',
};

function printStatus(status: SiteStatus, log: readonly PeerLogEntry[]): void {
  const { connection } = status;
  if (status.via) console.log(`Through the hub ${status.via}: its website, as the hub sees it.`);
  if (connection)
    console.log(
      `Website: ${connection.site.name || connection.address} (${connection.address}), as ${connection.login}, language ${connection.language}`,
    );
  console.log(`State: ${STATES[status.state](status)}`);
  if (status.lastSync) console.log(`Last sync: ${status.lastSync} UTC`);
  if (status.problem) console.log(`Problem: ${status.problem.message}`);
  if (log.length === 0) return;
  console.log('Recent log:');
  for (const entry of log) {
    const what = [
      entry.kind,
      entry.name ? `“${entry.name}”` : null,
      entry.remoteId ? `(site id ${entry.remoteId})` : null,
      entry.note,
    ].filter(Boolean);
    console.log(`  ${entry.at}  ${entry.action.padEnd(12)}${what.join(' ')}`);
  }
}

/** A value as one line: texts as they are, anything else as JSON. */
const said = (value: unknown): string =>
  typeof value === 'string' ? `“${value}”` : JSON.stringify(value ?? null);

function printConflicts(conflicts: readonly SiteConflict[], via: string | null): void {
  if (conflicts.length === 0) {
    console.log('Nothing waits for a decision.');
    return;
  }
  const ours = via ? `the hub (${via})` : 'this calendar';
  for (const conflict of conflicts) {
    console.log(
      `#${conflict.id}  ${conflict.kind} “${conflict.name}”  (since ${conflict.created} UTC)`,
    );
    for (const [field, values] of Object.entries(conflict.fields)) {
      console.log(`  ${field}`);
      console.log(`    ${ours}: ${said(values.marquee)}`);
      console.log(`    the website: ${said(values.site)}`);
    }
  }
  console.log(
    'Decide one with: marquee site resolve <id> --keep marquee (keeps ' +
      ours +
      '’s) or --keep site (takes the website’s).',
  );
}

function choiceOf(keep: string | undefined): ConflictChoice {
  if (keep === 'marquee' || keep === 'site') return keep;
  throw new UsageError('site resolve needs --keep marquee or --keep site');
}

async function connect(door: SiteDoor, connection: SiteConnection, yes: boolean): Promise<void> {
  printTest(await door.test(connection));
  if (!yes) {
    console.log('Nothing was written on either side. Run again with --yes to connect and sync.');
    return;
  }
  const { summary } = await door.connect({ ...connection, confirm: true });
  console.log(`Connected. First sync: ${summaryLine(summary)}`);
}

export async function siteCommand(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      data: { type: 'string' },
      user: { type: 'string' },
      language: { type: 'string' },
      yes: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      insecure: { type: 'boolean' },
      limit: { type: 'string' },
      keep: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  const [action, address] = positionals;
  if (!['connect', 'sync', 'status', 'conflicts', 'resolve', 'disconnect'].includes(action ?? ''))
    throw new UsageError(`unknown site action "${action ?? ''}"`);
  const conflictId = action === 'resolve' ? Number(address) : undefined;
  if (conflictId !== undefined && !(Number.isInteger(conflictId) && conflictId > 0))
    throw new UsageError('site resolve needs a conflict’s number (marquee site conflicts)');
  const keep = action === 'resolve' ? choiceOf(values.keep) : undefined;
  let connection: SiteConnection | undefined;
  if (action === 'connect') {
    if (!address) throw new UsageError('site connect needs the website’s address');
    if (!values.user) throw new UsageError('site connect needs --user <login>');
    const language = values.language ? languageSchema.safeParse(values.language) : undefined;
    if (language && !language.success)
      throw new UsageError(`--language must be one of ${languageSchema.options.join(' ')}`);
    connection = {
      address,
      login: values.user,
      password: await readPassword(),
      language: language?.data,
      insecure: values.insecure === true,
      confirm: false,
    };
  }
  const door = openSiteDoor(values.data ?? defaultDataDir());
  try {
    switch (action) {
      case 'connect':
        await connect(door, connection!, values.yes === true);
        return;
      case 'sync': {
        const dryRun = values['dry-run'] === true;
        const summary = await door.sync(dryRun);
        console.log(`${summaryLine(summary)}${dryRun ? ' (dry run: nothing was written)' : ''}`);
        return;
      }
      case 'status':
        printStatus(await door.status(), await door.log(Number(values.limit ?? 20)));
        return;
      case 'conflicts':
        printConflicts(await door.conflicts(), (await door.status()).via);
        return;
      case 'resolve': {
        const { status } = await door.resolve(conflictId!, keep!);
        console.log(
          `Decided${status.via ? ` on the hub ${status.via}` : ''}; ${status.conflicts} left to decide.`,
        );
        return;
      }
      default: {
        const before = await door.status();
        await door.disconnect();
        console.log(
          before.connection
            ? `Disconnected from ${before.connection.address}; its password is forgotten. What both sides know of each other is kept for a later connect.`
            : 'The calendar was not connected to a website.',
        );
      }
    }
  } finally {
    door.close();
  }
}
