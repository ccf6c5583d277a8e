/**
 * `marquee hub connect|sync|status|disconnect`: another Marquee server as this calendar's hub.
 * The token comes from MARQUEE_HUB_TOKEN or standard input, never from the arguments
 * (they show in `ps` and shell histories). `connect` checks the hub (its protocol, the token) and,
 * for a calendar that has events, prints what a first sync does, writing nothing; `--yes`
 * connects and runs it. `sync` prints one summary line, as `site sync` does. Each works with or
 * without a server on the data directory (peer-door.ts).
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { HubConnection, HubStatus, HubTest } from '#shared/schemas/hub.ts';
import type { PeerLogEntry, SyncSummary } from '#shared/schemas/peer.ts';
import { defaultDataDir } from './data-dir.ts';
import { openPeerDoor, plainly } from './peer-door.ts';
import { summaryLine } from './site-command.ts';
import { CommandError, UsageError } from './usage.ts';

type HubDoor = {
  test(connection: HubConnection): Promise<HubTest>;
  connect(connection: HubConnection): Promise<{ status: HubStatus; summary: SyncSummary }>;
  sync(): Promise<SyncSummary>;
  status(): Promise<HubStatus>;
  log(limit: number): Promise<PeerLogEntry[]>;
  disconnect(): Promise<HubStatus>;
  close(): void;
};

function openHubDoor(dataDir: string): HubDoor {
  return openPeerDoor<HubDoor>(
    dataDir,
    { command: 'marquee hub', settings: 'Settings → Hub' },
    ({ hub }, close) => ({
      test: (connection) => plainly(() => hub.test(connection)),
      connect: (connection) => plainly(() => hub.connect(connection)),
      sync: () => plainly(() => hub.sync()),
      status: () => plainly(() => hub.status()),
      log: (limit) => plainly(() => hub.log(limit)),
      disconnect: () => plainly(() => hub.disconnect()),
      close,
    }),
    (ask) => ({
      test: (connection) => ask('PUT', 'hub', { ...connection, confirm: false }),
      connect: (connection) => ask('PUT', 'hub', { ...connection, confirm: true }),
      sync: async () => (await ask<{ summary: SyncSummary }>('POST', 'hub/sync', {})).summary,
      status: () => ask('GET', 'hub'),
      log: (limit) => ask('GET', `hub/log?limit=${limit}`),
      disconnect: () => ask('DELETE', 'hub'),
      close: () => undefined,
    }),
  );
}

async function readToken(): Promise<string> {
  const fromEnv = process.env.MARQUEE_HUB_TOKEN;
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) process.stderr.write('Token: ');
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    if (line.trim()) return line.trim();
  }
  throw new CommandError('No token: set MARQUEE_HUB_TOKEN, or give it on standard input.');
}

const KINDS = [
  ['event', 'events'],
  ['venue', 'venues'],
  ['organizer', 'organizers'],
  ['category', 'categories'],
  ['tag', 'tags'],
] as const;

function printTest({ hub, preview }: HubTest): void {
  console.log(`Hub: ${hub.address}, Marquee ${hub.version} (replica protocol ${hub.protocol})`);
  console.log(`Token of: ${hub.user.name} (${hub.user.role})`);
  console.log('First sync:');
  const columns = ['on the hub', 'here', 'the same', 'to the hub', 'to here'];
  console.log(`  ${''.padEnd(12)}${columns.map((column) => column.padStart(12)).join('')}`);
  for (const [kind, label] of KINDS) {
    const counts = [
      preview.hub[kind],
      preview.calendar[kind],
      preview.same[kind],
      preview.toHub[kind],
      preview.toCalendar[kind],
    ];
    console.log(`  ${label.padEnd(12)}${counts.map((n) => String(n).padStart(12)).join('')}`);
  }
  console.log(
    'A record on both sides whose fields differ waits for your decision, field by field.',
  );
}

const STATES: Readonly<Record<HubStatus['state'], (status: HubStatus) => string>> = {
  'not-connected': () => 'not connected',
  'up-to-date': () => 'up to date',
  sending: (status) => `sending ${status.pending}`,
  offline: () => 'offline (the last sync could not reach the hub)',
  'needs-decision': (status) => `needs a decision (${status.conflicts})`,
  'cannot-log-in': () => 'cannot log in (the hub refused the token)',
  'wrong-version': () => 'stopped: the hub speaks another version of the protocol',
};

function printStatus(status: HubStatus, log: readonly PeerLogEntry[]): void {
  const { connection } = status;
  if (connection)
    console.log(
      `Hub: ${connection.address} (Marquee ${connection.version || '?'}), as ${connection.login}${connection.insecure ? ', over plain http (--insecure)' : ''}`,
    );
  console.log(`State: ${STATES[status.state](status)}`);
  if (status.lastSync) console.log(`Last sync: ${status.lastSync} UTC`);
  if (status.problem) console.log(`Problem: ${status.problem.message}`);
  if (log.length === 0) return;
  console.log('Recent log:');
  for (const entry of log) {
    const what = [entry.kind, entry.name ? `“${entry.name}”` : null, entry.note].filter(Boolean);
    console.log(`  ${entry.at}  ${entry.action.padEnd(12)}${what.join(' ')}`);
  }
}

async function connect(door: HubDoor, connection: HubConnection, yes: boolean): Promise<void> {
  const test = await door.test(connection);
  printTest(test);
  // A laptop without events has nothing the first sync could surprise: it connects at once.
  if (test.preview.calendar.event > 0 && !yes) {
    console.log('Nothing was written on either side. Run again with --yes to connect and sync.');
    return;
  }
  const { summary } = await door.connect({ ...connection, confirm: true });
  console.log(`Connected. First sync: ${summaryLine(summary)}`);
}

export async function hubCommand(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      data: { type: 'string' },
      yes: { type: 'boolean' },
      insecure: { type: 'boolean' },
      limit: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  const [action, address] = positionals;
  if (!['connect', 'sync', 'status', 'disconnect'].includes(action ?? ''))
    throw new UsageError(`unknown hub action "${action ?? ''}"`);
  let connection: HubConnection | undefined;
  if (action === 'connect') {
    if (!address) throw new UsageError('hub connect needs the hub’s address');
    connection = {
      address,
      token: await readToken(),
      insecure: values.insecure === true,
      confirm: false,
    };
  }
  const door = openHubDoor(values.data ?? defaultDataDir());
  try {
    switch (action) {
      case 'connect':
        await connect(door, connection!, values.yes === true);
        return;
      case 'sync':
        console.log(summaryLine(await door.sync()));
        return;
      case 'status':
        printStatus(await door.status(), await door.log(Number(values.limit ?? 20)));
        return;
      default: {
        const before = await door.status();
        await door.disconnect();
        console.log(
          before.connection
            ? `Disconnected from ${before.connection.address}; its token is forgotten. What both sides know of each other is kept for a later connect.`
            : 'The calendar was not connected to a hub.',
        );
      }
    }
  } finally {
    door.close();
  }
}
