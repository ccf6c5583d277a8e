/**
 * One pass of replication with a peer: what it works with (the peer, its Remote, Marquee's
 * records, the store), what it counts, and the small helpers every step uses: the log, a
 * record's stored bookkeeping, and work done once per pass however many records ask for it (a
 * venue two new events need is created once).
 */
import type { Kind } from '#shared/kinds/registry.ts';
import type { Writer } from '#shared/text/kses/text-rules.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import type { Clock } from '../clock.ts';
import type { DomainContext } from '../domain/context.ts';
import type { PeerRecordRow, PeerRow, PeersRepo } from '../store/peers.repo.ts';
import type { LocalRecords } from './local-records.ts';
import type { Remote, View } from './website/remote.ts';
import type { PeerLanguages } from './website/view.ts';
import type { PassHook, PassPoint } from './pass-points.ts';
import { storedNote, type LogNote } from './log-note.ts';

export type PassSummary = {
  sent: number;
  received: number;
  merged: number;
  conflicts: number;
  deleted: number;
};

type LogAction =
  | 'sent'
  | 'received'
  | 'merged'
  | 'conflict'
  | 'deleted'
  | 'refused'
  | 'problem'
  | 'linked'
  | 'doubleBooked';

export type Pass = {
  peer: PeerRow;
  remote: Remote;
  repo: PeersRepo;
  local: LocalRecords;
  context: DomainContext;
  languages: PeerLanguages;
  clock: Clock;
  /** Say what would be done, do none of it. */
  dryRun: boolean;
  /** A full listing of the site (else only what it says changed). */
  full: boolean;
  /** No record is known on both sides yet: records that look the same are matched. */
  first: boolean;
  summary: PassSummary;
  /** A test's hook at the pass's named points (pass-points.ts); nothing otherwise. */
  hook: PassHook | undefined;
  /** Aborted when the server stops: the pass ends at the next record, moving nothing on. */
  signal: AbortSignal;
  /**
   * Who wrote a record, by its author's id: what goes to the site is never more than that
   * user could write there (an author's markup is cleaned as WordPress would).
   */
  writerOf(author: number): Writer;
  /** Work in flight this pass, by what it is for (a record's creation on either side). */
  once: Map<string, Promise<string | null>>;
  /**
   * A linked record on the other side, made there if need be (links.ts): the site's id of a
   * Marquee record, Marquee's uuid of a site's record; null when it cannot be had.
   */
  ensure: {
    pushed(kind: Kind, uuid: string): Promise<string | null>;
    pulled(kind: Kind, remoteId: string): Promise<string | null>;
  };
};

export const emptySummary = (): PassSummary => ({
  sent: 0,
  received: 0,
  merged: 0,
  conflicts: 0,
  deleted: 0,
});

export const nowUtc = (pass: Pass) => toUtcString(pass.clock.now());

export function log(
  pass: Pass,
  action: LogAction,
  entry: { kind?: Kind; uuid?: string; remoteId?: string | null; name?: string; note?: LogNote },
): void {
  if (pass.dryRun) return;
  pass.repo.log(pass.peer.id, {
    at: nowUtc(pass),
    action,
    kind: entry.kind ?? null,
    uuid: entry.uuid ?? null,
    remoteId: entry.remoteId ?? null,
    name: entry.name ?? null,
    note: storedNote(entry.note),
  });
}

/** A named point of the pass (pass-points.ts): a test's hook runs there. */
export async function reached(pass: Pass, point: PassPoint, kind: Kind, uuid: string) {
  await pass.hook?.(point, { kind, uuid });
}

/** `work` once per pass for `key`: later askers get the first one's answer. */
export function once(
  pass: Pass,
  key: string,
  work: () => Promise<string | null>,
): Promise<string | null> {
  let running = pass.once.get(key);
  if (!running) {
    running = work();
    pass.once.set(key, running);
  }
  return running;
}

export const parseView = (json: string | null): View | undefined =>
  json ? (JSON.parse(json) as View) : undefined;

/** A write to the site under way, kept so that a crash before its answer is stored is noticed. */
type Intent = { op: 'create' | 'update' | 'trash'; at: string; view: View };

export const parseIntent = (row: PeerRecordRow): Intent | undefined =>
  row.intent ? (JSON.parse(row.intent) as Intent) : undefined;

/** A record's bookkeeping as stored, with what changed. */
export function saved(row: PeerRecordRow, change: Partial<PeerRecordRow>): PeerRecordRow {
  return { ...row, ...change };
}

export function newRow(kind: Kind, uuid: string): PeerRecordRow {
  return {
    kind,
    uuid,
    remoteId: null,
    remoteVersion: null,
    localRev: 0,
    baseLocal: null,
    baseRemote: null,
    intent: null,
  };
}

/** A record's name, for the log. */
export function nameOf(view: View | undefined): string | undefined {
  const name = view?.title ?? view?.name;
  return typeof name === 'string' ? name : undefined;
}
