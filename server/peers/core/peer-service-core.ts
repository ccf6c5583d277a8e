/**
 * What both peers' services (the website's, the hub's) are built on: one pass at a time
 * (one-pass.ts), the sync log (peer-log.ts), the clock's now as stored, the connected peer or
 * the peer's refusal, and the doors every peer answers alike: whether a pass runs, whether it
 * is connected, stop, the log and the scheduler's next try.
 */
import type { ErrorCode } from '#shared/errors/codes.ts';
import type { Language } from '#shared/languages.ts';
import type { PeerLogEntry, SyncSummary } from '#shared/schemas/peer.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import type { Clock } from '../../clock.ts';
import type { Principal } from '../../auth/principal.ts';
import type { DomainContext } from '../../domain/context.ts';
import { DomainError } from '../../domain/errors.ts';
import type { SettingsStore } from '../../settings/settings-file.ts';
import { SecretLockedError } from '../site-secret.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { PeerRow, PeersRepo } from '../../store/peers.repo.ts';
import type { LocalRecords } from '../local-records.ts';
import type { PassHook } from '../pass-points.ts';
import { createPassGate } from './one-pass.ts';
import { createPeerLog } from './peer-log.ts';

/** What both peers' services are given: the stores, the clock, the settings, the owner. */
export type PeerServiceDepsBase = {
  repo: PeersRepo;
  local: LocalRecords;
  changes: ChangeLog;
  clock: Clock;
  settings: SettingsStore;
  /** Who the peer's changes are written as: the calendar's owner. */
  owner: () => Principal | undefined;
  /** A test's hook at a pass's named points (pass-points.ts). */
  hook?: PassHook | undefined;
};

/** A secret only the desktop app can read (the system's keyring) as the API's `code`. */
export function lockedSecretError(error: unknown, code: ErrorCode): unknown {
  return error instanceof SecretLockedError ? new DomainError(code, error.message) : error;
}

/**
 * `row`: the peer's row, connected or not (none: never connected); `notConnected`: the refusal
 * of what needs a connection, while there is none.
 */
export function createPeerServiceCore(
  deps: PeerServiceDepsBase,
  row: () => PeerRow | undefined,
  notConnected: { code: ErrorCode; message: string },
) {
  const { repo, clock, settings } = deps;
  const gate = createPassGate<SyncSummary>();
  const now = () => toUtcString(clock.now());
  const peerLog = createPeerLog(repo, now);

  function connected(): PeerRow {
    const peer = row();
    if (!peer?.connected) throw new DomainError(notConnected.code, notConnected.message);
    return peer;
  }

  /** What the peer's changes are written in: as the owner, in `language`, now. */
  function contextFor(language: Language): DomainContext {
    return { actor: deps.owner(), language, now: clock.now(), settings: settings.get() };
  }

  /** The service's doors every peer answers the same way. */
  const doors = {
    /** Whether a sync is under way. */
    busy: gate.busy,

    /** Whether the calendar is connected to the peer. */
    connected: () => row()?.connected === true,

    /** Ends the pass under way at its next record (the server is stopping); settles then. */
    stop: gate.stop,

    log(limit: number): PeerLogEntry[] {
      return peerLog.read(row(), limit);
    },

    retrying(at: string): void {
      peerLog.retrying(row(), at);
    },
  };

  return { gate, now, peerLog, connected, contextFor, doors };
}

export type PeerServiceCore = ReturnType<typeof createPeerServiceCore>;
