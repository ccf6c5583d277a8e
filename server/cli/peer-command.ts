/**
 * What `marquee site …` and `marquee hub …` print and ask alike: the secret read from the
 * environment or standard input (never the arguments: they show in `ps` and shell histories),
 * a first sync's preview as a table, the state and the recent log, the one summary line scripts
 * read, and the connect and disconnect steps. Each command gives its peer's words.
 */
import { createInterface } from 'node:readline';
import type {
  KindCounts,
  PeerLogEntry,
  PeerProblemInfo,
  SyncSummary,
} from '#shared/schemas/peer.ts';
import { defaultDataDir } from './data-dir.ts';
import { CommandError } from './usage.ts';

/** `sent N, received N, merged N, conflicts N, deleted N`: what scripts read. */
function summaryLine(summary: SyncSummary): string {
  return `sent ${summary.sent}, received ${summary.received}, merged ${summary.merged}, conflicts ${summary.conflicts}, deleted ${summary.deleted}`;
}

/** The secret from `envName`, else the first line of standard input (prompted on a terminal). */
export async function readSecret(envName: string, prompt: string, what: string): Promise<string> {
  const fromEnv = process.env[envName];
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) process.stderr.write(`${prompt}: `);
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    if (line.trim()) return line.trim();
  }
  throw new CommandError(`No ${what}: set ${envName}, or give it on standard input.`);
}

export const KIND_LABELS: readonly [keyof KindCounts, string][] = [
  ['event', 'events'],
  ['venue', 'venues'],
  ['organizer', 'organizers'],
  ['category', 'categories'],
  ['tag', 'tags'],
];

/** A first sync's preview: the columns' titles, then a row per kind, each `width` wide. */
export function printPreviewCounts<K extends string>(
  preview: Record<K, KindCounts>,
  columns: readonly K[],
  titles: readonly string[],
  width: number,
): void {
  console.log('First sync:');
  console.log(`  ${''.padEnd(12)}${titles.map((title) => title.padStart(width)).join('')}`);
  for (const [kind, label] of KIND_LABELS) {
    const counts = columns.map((column) => String(preview[column][kind]).padStart(width));
    console.log(`  ${label.padEnd(12)}${counts.join('')}`);
  }
}

type StateShown = { state: string; pending: number; conflicts: number };

/** How a peer's state is said: its name ("the hub", "the website"), and its own states' words. */
type StateNames = { peer: string; own: Readonly<Record<string, string>> };

/** The state in words: those both peers say alike, else the peer's own. */
function stateWords(status: StateShown, { peer, own }: StateNames): string {
  switch (status.state) {
    case 'not-connected':
      return 'not connected';
    case 'up-to-date':
      return 'up to date';
    case 'sending':
      return `sending ${status.pending}`;
    case 'offline':
      return `offline (the last sync could not reach ${peer})`;
    case 'needs-decision':
      return `needs a decision (${status.conflicts})`;
    default:
      return own[status.state] ?? status.state;
  }
}

type Status = StateShown & { lastSync: string | null; problem: PeerProblemInfo | null };

/** The state's lines after the peer's own (its connection), then the newest log lines. */
function printStateAndLog<S extends Status>(
  status: S,
  log: readonly PeerLogEntry[],
  words: PeerWords<unknown, S>,
): void {
  words.printConnection(status);
  console.log(`State: ${stateWords(status, words.states)}`);
  if (status.lastSync) console.log(`Last sync: ${status.lastSync} UTC`);
  if (status.problem) console.log(`Problem: ${status.problem.message}`);
  if (log.length === 0) return;
  console.log('Recent log:');
  for (const entry of log)
    console.log(
      `  ${entry.at}  ${entry.action.padEnd(12)}${words.logWords(entry).filter(Boolean).join(' ')}`,
    );
}

/** The options both commands take: the data directory, --yes, --insecure, and the log's --limit. */
export const PEER_OPTIONS = {
  data: { type: 'string' },
  yes: { type: 'boolean' },
  insecure: { type: 'boolean' },
  limit: { type: 'string' },
} as const;

/** What both commands' doors do alike (peer-door.ts: here, or in the running server). */
type PeerDoor<C, T, S> = {
  test(connection: C): Promise<T>;
  connect(connection: C): Promise<{ summary: SyncSummary }>;
  sync(dryRun: boolean): Promise<SyncSummary>;
  status(): Promise<S>;
  log(limit: number): Promise<PeerLogEntry[]>;
  disconnect(): Promise<unknown>;
  close(): void;
};

/** A peer's words for the actions both commands have. */
export type PeerWords<T, S> = {
  printTest(test: T): void;
  /** Whether `connect` goes on after the test (else it wrote nothing, and says so). */
  goes(test: T, yes: boolean): boolean;
  /** Which peer the state is of, as whom: the status' first lines. */
  printConnection(status: S): void;
  states: StateNames;
  /** What a log line says after its time and action. */
  logWords(entry: PeerLogEntry): (string | null)[];
  /** What disconnecting forgets: "token", "password". */
  secret: string;
  /** Said when disconnecting what was not connected. */
  none: string;
};

/**
 * `connect` (the test printed; connected, and the first sync's summary, only when the peer's
 * words say so), `sync` (its summary line), `status` and `disconnect` as both commands do
 * them; any other action is the command's own (`other`). The door (`open`, on the data
 * directory) is closed after.
 */
export async function runPeerAction<
  D extends PeerDoor<C, T, S>,
  C,
  T,
  S extends Status & { connection: { address: string } | null },
>(
  open: (dataDir: string) => D,
  action: string,
  connection: C | undefined,
  /** The command line's options, as parseArgs gives them. */
  values: { data?: string; yes?: boolean; 'dry-run'?: boolean; limit?: string },
  words: PeerWords<T, S>,
  other: (door: D) => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  const dryRun = values['dry-run'] === true;
  const door = open(values.data ?? defaultDataDir());
  try {
    if (action === 'connect' && connection) {
      const test = await door.test(connection);
      words.printTest(test);
      if (!words.goes(test, values.yes === true)) {
        console.log(
          'Nothing was written on either side. Run again with --yes to connect and sync.',
        );
        return;
      }
      const { summary } = await door.connect({ ...connection, confirm: true });
      console.log(`Connected. First sync: ${summaryLine(summary)}`);
    } else if (action === 'sync') {
      const summary = await door.sync(dryRun);
      console.log(`${summaryLine(summary)}${dryRun ? ' (dry run: nothing was written)' : ''}`);
    } else if (action === 'status') {
      printStateAndLog(await door.status(), await door.log(Number(values.limit ?? 20)), words);
    } else if (action === 'disconnect') {
      const before = await door.status();
      await door.disconnect();
      console.log(
        before.connection
          ? `Disconnected from ${before.connection.address}; its ${words.secret} is forgotten. What both sides know of each other is kept for a later connect.`
          : words.none,
      );
    } else await other(door);
  } finally {
    door.close();
  }
}
