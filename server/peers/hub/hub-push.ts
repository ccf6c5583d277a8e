/**
 * This calendar's changes to the hub, as the replica protocol's mutations: the outbox is the
 * change log since the peer's cursor (no second queue to keep in step), each record's fields
 * that differ from the hub's last version of it (its base) sent with that version as `baseRev`,
 * so the hub's field-level merge decides. Mutations are numbered and stored (each record's
 * `intent`, with the counter) before they are sent: after a crash the same mutations go again
 * with the same numbers, and the hub answers what it did the first time (exactly once).
 */
import { KINDS, type Kind } from '#shared/kinds/registry.ts';
import { pushMutations, type PushOutcome } from '#shared/sync/replica-client.ts';
import type { LocalChange } from '../../store/peer-changes.repo.ts';
import type { PeerRecordRow } from '../../store/peers.repo.ts';
import type { LocalRecord } from '../local-records.ts';
import { watermarksOf, type HubPass } from './hub-pass-state.ts';
import { baseOf } from './hub-bases.ts';
import { dropHubRecord, takeHubRecord } from './hub-pull.ts';

import { build, buildDelete, type Built, type Intent } from './hub-mutations.ts';
const BATCH = 200;
const LOAD = 500;

/** Linked records first: the hub refuses a link to a record it does not have yet. */
const PUSH_ORDER: readonly Kind[] = ['category', 'tag', 'venue', 'organizer', 'event'];

type Candidate = { kind: Kind; uuid: string; id: number; deleted: boolean };

/**
 * The records to look at: changed since the cursor, or flagged (a decision for this side). Read
 * before the pull: a record the pull then merges has a newer revision, and is still looked at.
 */
export function candidates(
  pass: Pick<HubPass, 'repo' | 'peer' | 'local'>,
  upTo: number,
): Candidate[] {
  const { repo, peer } = pass;
  const latest = new Map<string, Candidate>();
  const changes: LocalChange[] = repo.changedSince(peer.cursor, upTo);
  for (const change of changes) latest.set(`${change.kind}:${change.uuid}`, change);
  for (const kind of KINDS)
    for (const row of repo.flagged(peer.id, kind))
      if (row.localRev < 0 && !latest.has(`${kind}:${row.uuid}`)) {
        const here = pass.local.get(kind, row.uuid);
        latest.set(`${kind}:${row.uuid}`, {
          kind,
          uuid: row.uuid,
          id: here?.id ?? 0,
          deleted: !here,
        });
      }
  return [...latest.values()];
}

/** Parents first: a category before its children. */
function parentsFirst(records: LocalRecord[]): LocalRecord[] {
  const byUuid = new Map(records.map((record) => [record.uuid, record]));
  const depth = (record: LocalRecord, seen = 0): number => {
    const parent = record.parentUuid as string | null | undefined;
    const above = parent ? byUuid.get(parent) : undefined;
    return above && seen < 50 ? 1 + depth(above, seen + 1) : 0;
  };
  return [...records].sort((a, b) => depth(a) - depth(b));
}

/** Numbers the mutations, stores them with the counter (on disk), sends them, settles them. */
async function send(pass: HubPass, built: Built[]): Promise<void> {
  if (built.length === 0) return;
  const { repo, peer, state } = pass;
  const rows = built.map(({ row, intent }, index) => {
    intent.mutation.mutationId = state.nextMutation + index;
    return { ...row, intent: JSON.stringify(intent) };
  });
  state.nextMutation += built.length;
  repo.saveAllNow(peer.id, rows, watermarksOf(state));
  pass.hook?.('push-intent', { kind: built[0]!.row.kind, uuid: built[0]!.row.uuid });
  await sendIntents(pass, rows);
}

async function sendIntents(pass: HubPass, rows: PeerRecordRow[]): Promise<void> {
  const intents = rows.map((row) => ({ row, intent: JSON.parse(row.intent!) as Intent }));
  const outcome = await pushMutations(pass.http.line, {
    clientId: pass.state.clientId,
    calendar: pass.state.calendar,
    mutations: intents.map(({ intent }) => intent.mutation),
  });
  pass.hook?.('push-sent', { kind: rows[0]!.kind, uuid: rows[0]!.uuid });
  settle(pass, intents, outcome);
}

function settle(
  pass: HubPass,
  intents: { row: PeerRecordRow; intent: Intent }[],
  { done }: PushOutcome,
): void {
  const { repo, peer } = pass;
  for (const { row, intent } of intents) {
    const { mutation } = intent;
    // Not reached by the hub: its intent stays, and goes again at the next pass.
    if (!done.has(mutation.mutationId)) continue;
    const result = done.get(mutation.mutationId);
    const cleared = { ...row, intent: null };
    const { name } = intent;
    if (result?.status === 'applied') {
      if (mutation.op === 'delete') {
        repo.forget(peer.id, mutation.kind, mutation.uuid);
        repo.dropConflict(peer.id, mutation.kind, mutation.uuid);
        pass.summary.deleted += 1;
        pass.log('deleted', mutation.kind, mutation.uuid, null, { key: 'onHub', values: {} });
        continue;
      }
      const base = { ...(baseOf(row) ?? intent.base ?? {}), ...intent.sent };
      repo.save(peer.id, {
        ...cleared,
        remoteVersion: String(result.rev ?? 0),
        baseRemote: JSON.stringify(base),
        localRev: intent.rev,
      });
      pass.summary.sent += 1;
      pass.log(
        'sent',
        mutation.kind,
        mutation.uuid,
        name,
        mutation.op === 'create'
          ? { key: 'new', values: {} }
          : { key: 'fields', values: { fields: Object.keys(intent.sent) } },
      );
    } else if (result?.status === 'conflict') {
      repo.save(peer.id, cleared);
      const hub = result.record ?? null;
      if (mutation.op === 'delete') {
        // A deletion for good wins over a change made meanwhile: sent again on the hub's version.
        if (hub) repo.save(peer.id, { ...cleared, remoteVersion: String(hub.rev), localRev: -1 });
        else repo.forget(peer.id, mutation.kind, mutation.uuid);
        continue;
      }
      if (hub) takeHubRecord(pass, mutation.kind, hub);
      // An occurrence the hub never had (its series did not reach it): nothing to delete here.
      else if (intent.base) repo.forget(peer.id, mutation.kind, mutation.uuid);
      else dropHubRecord(pass, mutation.kind, mutation.uuid);
    } else if (result?.status === 'rejected') {
      if (mutation.op === 'create') repo.forget(peer.id, mutation.kind, mutation.uuid);
      else repo.save(peer.id, cleared);
      pass.log(
        'refused',
        mutation.kind,
        mutation.uuid,
        name,
        result.error?.message
          ? { key: 'said', values: { message: result.error.message } }
          : { key: 'refusedByHub', values: {} },
      );
    } else {
      // Done with on the hub, its answer no longer kept: the pull brings what it did.
      repo.save(peer.id, cleared);
    }
  }
}

/** After a crash: the mutations stored but never answered go again, with their numbers. */
export async function resendIntents(pass: HubPass): Promise<void> {
  const rows = KINDS.flatMap((kind) => pass.repo.flagged(pass.peer.id, kind)).filter(
    (row) => row.intent,
  );
  rows.sort(
    (a, b) =>
      (JSON.parse(a.intent!) as Intent).mutation.mutationId -
      (JSON.parse(b.intent!) as Intent).mutation.mutationId,
  );
  for (let start = 0; start < rows.length; start += BATCH)
    await sendIntents(pass, rows.slice(start, start + BATCH));
}

/** Sends what changed here (`all`, up to `upTo`), and moves the cursor there. */
export async function pushToHub(pass: HubPass, all: Candidate[], upTo: number): Promise<void> {
  let batch: Built[] = [];
  const flush = async () => {
    await send(pass, batch);
    batch = [];
  };
  for (const kind of PUSH_ORDER) {
    const ofKind = all.filter((candidate) => candidate.kind === kind);
    const live = ofKind.filter((candidate) => !candidate.deleted).map((candidate) => candidate.id);
    const records: LocalRecord[] = [];
    for (let start = 0; start < live.length; start += LOAD)
      records.push(...pass.local.load(kind, live.slice(start, start + LOAD)));
    for (const record of parentsFirst(records)) {
      if (pass.signal.aborted) throw pass.signal.reason as Error;
      const built = build(pass, kind, record);
      if (built) batch.push(built);
      if (batch.length >= BATCH) await flush();
    }
    // A parent goes before what names it: the next kind waits for this one's answers.
    await flush();
  }
  for (const candidate of all.filter((each) => each.deleted)) {
    if (pass.local.get(candidate.kind, candidate.uuid)) continue;
    const built = buildDelete(pass, candidate.kind, candidate.uuid);
    if (built) batch.push(built);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  pass.repo.setCursor(pass.peer.id, upTo);
}
