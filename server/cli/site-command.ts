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
import { parseArgs } from 'node:util';
import { languageSchema } from '#shared/languages.ts';
import type {
  ConflictChoice,
  SiteConflict,
  SiteConnection,
  SiteStatus,
  SiteTest,
} from '#shared/schemas/site.ts';
import { openSiteDoor } from './site-door.ts';
import {
  KIND_LABELS,
  PEER_OPTIONS,
  printPreviewCounts,
  readSecret,
  runPeerAction,
  type PeerWords,
} from './peer-command.ts';
import { UsageError } from './usage.ts';

const WARNINGS: Readonly<Record<string, string>> = {
  'cannot-publish':
    'this user cannot publish: events sent from Marquee stay pending until an editor publishes them',
  'strips-html':
    'WordPress filters this user’s HTML (scripts, iframes, some attributes are removed)',
  'cannot-edit-others': 'this user cannot change events other users made on the site',
};

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
  printPreviewCounts(
    preview,
    ['site', 'calendar', 'same', 'differing', 'toSite', 'toCalendar'],
    ['on the site', 'here', 'the same', 'differing', 'to the site', 'to here'],
    13,
  );
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
    `Records that look the same are matched by: ${KIND_LABELS.map(([kind, label]) => `${label}: ${preview.matchedBy[kind]}`).join('; ')}.`,
  );
  console.log('Each field that differs in a matched record waits for your decision.');
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

const SITE_WORDS: PeerWords<SiteTest, SiteStatus> = {
  printTest,
  goes: (_test, yes) => yes,
  printConnection: (status) => {
    const { connection } = status;
    if (status.via) console.log(`Through the hub ${status.via}: its website, as the hub sees it.`);
    if (connection)
      console.log(
        `Website: ${connection.site.name || connection.address} (${connection.address}), as ${connection.login}, language ${connection.language}`,
      );
  },
  states: { peer: 'the website', own: { 'cannot-log-in': 'cannot log in' } },
  logWords: (entry) => [
    entry.kind,
    entry.name ? `“${entry.name}”` : null,
    entry.remoteId ? `(site id ${entry.remoteId})` : null,
    entry.note,
  ],
  secret: 'password',
  none: 'The calendar was not connected to a website.',
};

export async function siteCommand(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      ...PEER_OPTIONS,
      user: { type: 'string' },
      language: { type: 'string' },
      'dry-run': { type: 'boolean' },
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
      password: await readSecret(
        'MARQUEE_SITE_PASSWORD',
        'Application password',
        'application password',
      ),
      language: language?.data,
      insecure: values.insecure === true,
      confirm: false,
    };
  }
  await runPeerAction(openSiteDoor, action!, connection, values, SITE_WORDS, async (door) => {
    if (action === 'conflicts') {
      printConflicts(await door.conflicts(), (await door.status()).via);
    } else {
      const { status } = await door.resolve(conflictId!, keep!);
      console.log(
        `Decided${status.via ? ` on the hub ${status.via}` : ''}; ${status.conflicts} left to decide.`,
      );
    }
  });
}
