/**
 * `marquee hub connect|sync|status|disconnect`: another Marquee server as this calendar's hub.
 * The token comes from MARQUEE_HUB_TOKEN or standard input, never from the arguments
 * (they show in `ps` and shell histories). `connect` checks the hub (its protocol, the token) and,
 * for a calendar that has events, prints what a first sync does, writing nothing; `--yes`
 * connects and runs it. `sync` prints one summary line, as `site sync` does. Each works with or
 * without a server on the data directory (peer-door.ts).
 */
import { parseArgs } from 'node:util';
import type { HubConnection, HubStatus, HubTest } from '#shared/schemas/hub.ts';
import type { PeerLogEntry, SyncSummary } from '#shared/schemas/peer.ts';
import { openPeerDoor, plainly } from './peer-door.ts';
import {
  PEER_OPTIONS,
  printPreviewCounts,
  readSecret,
  runPeerAction,
  type PeerWords,
} from './peer-command.ts';
import { UsageError } from './usage.ts';

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

function printTest({ hub, preview }: HubTest): void {
  console.log(`Hub: ${hub.address}, Marquee ${hub.version} (replica protocol ${hub.protocol})`);
  console.log(`Token of: ${hub.user.name} (${hub.user.role})`);
  printPreviewCounts(
    preview,
    ['hub', 'calendar', 'same', 'toHub', 'toCalendar'],
    ['on the hub', 'here', 'the same', 'to the hub', 'to here'],
    12,
  );
  console.log(
    'A record on both sides whose fields differ waits for your decision, field by field.',
  );
}

/** The states only the hub has, in words. */
const STATES = {
  'cannot-log-in': 'cannot log in (the hub refused the token)',
  'wrong-version': 'stopped: the hub speaks another version of the protocol',
};

const HUB_WORDS: PeerWords<HubTest, HubStatus> = {
  printTest,
  // A laptop without events has nothing the first sync could surprise: it connects at once.
  goes: (test, yes) => test.preview.calendar.event === 0 || yes,
  printConnection: ({ connection }) => {
    if (connection)
      console.log(
        `Hub: ${connection.address} (Marquee ${connection.version || '?'}), as ${connection.login}${connection.insecure ? ', over plain http (--insecure)' : ''}`,
      );
  },
  states: { peer: 'the hub', own: STATES },
  logWords: (entry) => [entry.kind, entry.name ? `“${entry.name}”` : null, entry.note],
  secret: 'token',
  none: 'The calendar was not connected to a hub.',
};

export async function hubCommand(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: PEER_OPTIONS,
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
      token: await readSecret('MARQUEE_HUB_TOKEN', 'Token', 'token'),
      insecure: values.insecure === true,
      confirm: false,
    };
  }
  await runPeerAction(openHubDoor, action!, connection, values, HUB_WORDS);
}
