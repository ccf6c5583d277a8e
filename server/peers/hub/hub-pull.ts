/**
 * The hub's changes into this calendar: every record the hub changed since the checkpoint,
 * merged three ways with what this calendar has (hub-records.ts `mergeWithHub`), each written
 * through the kind's write command with its bookkeeping in one transaction; the checkpoint
 * moves after each page, so a crash pulls the page again, and finds nothing left to do in what
 * it wrote. A deletion on the hub deletes here (a deletion for good wins over a change).
 */
import type { Kind } from '#shared/kinds/registry.ts';
import type { PullResponse, SyncRecord } from '#shared/schemas/sync.ts';
import { pullAll } from '#shared/sync/replica-client.ts';
import { pickTranslation, type Multilingual } from '#shared/schemas/multilingual.ts';
import { refusalOf } from '../../domain/errors.ts';
import type { PeerRecordRow } from '../../store/peers.repo.ts';
import type { LocalRecord } from '../local-records.ts';
import { pacer } from '../../pace.ts';
import { createPatchOf, flatten, mergeWithHub, patchOf, type Flat } from './hub-records.ts';
import { giveWay, namesakeOf } from './hub-namesakes.ts';
import { isDerived, type HubPass } from './hub-pass-state.ts';
import { seriesBase } from './hub-series-base.ts';
import { baseOf, heldUnits, rowOf } from './hub-bases.ts';
import { noteSlugs, ownValues, settleSlugs } from './hub-slugs.ts';

const PAGE = 1000;

/** Linked records first: a category's parent, a venue, before what names them. */
const PULL_ORDER: readonly Kind[] = ['category', 'tag', 'venue', 'organizer', 'event'];

/** Parents before children (a category's parent, a series before its occurrences). */
function parentsFirst(records: readonly SyncRecord[]): SyncRecord[] {
  const byUuid = new Map(records.map((record) => [record.uuid, record]));
  const depth = (record: SyncRecord, seen = 0): number => {
    const parent = (record as { parentUuid?: string | null }).parentUuid;
    const above = parent ? byUuid.get(parent) : undefined;
    return above && seen < 50 ? 1 + depth(above, seen + 1) : 0;
  };
  return [...records].sort((a, b) => depth(a) - depth(b));
}

/** A record's name for the log, in the calendar's language where it has one. */
const nameOf = (pass: HubPass, record: Readonly<Record<string, unknown>>) => {
  const texts = (record.title ?? record.name ?? {}) as Multilingual;
  const { language } = pass.context;
  return pickTranslation(texts, language, language)?.value ?? null;
};

/**
 * One of the hub's records here: made, changed where only the hub changed it, its conflicts
 * kept. Answers false when this calendar refused it (a link to a record not here yet).
 */
export function takeHubRecord(pass: HubPass, kind: Kind, hub: SyncRecord): boolean {
  const { repo, peer, local, context } = pass;
  const flatHub = flatten(kind, hub);
  const row = rowOf(pass, kind, hub.uuid);
  const here = local.get(kind, hub.uuid);
  const bookkeeping = (localRev: number): PeerRecordRow => ({
    kind,
    uuid: hub.uuid,
    remoteId: hub.uuid,
    remoteVersion: String(hub.rev),
    localRev,
    baseLocal: row?.baseLocal ?? null,
    baseRemote: JSON.stringify(flatHub),
    intent: row?.intent ?? null,
  });
  try {
    if (!here) {
      // Known and gone from here: deleted here, and the deletion goes to the hub next.
      if (row) return true;
      const create = () =>
        local.write(kind, { uuid: hub.uuid }, createPatchOf(kind, flatHub), context, (_s, rev) =>
          repo.save(peer.id, bookkeeping(rev)),
        );
      const stored = createOrGiveWay(pass, kind, hub, create);
      noteSlugs(pass, kind, stored, hub);
      noteDoubleBooking(pass, kind, stored, hub);
      pass.summary.received += 1;
      pass.log('received', kind, hub.uuid, nameOf(pass, hub));
      pass.hook?.('pulled', { kind, uuid: hub.uuid });
      return true;
    }
    const flatHere = ownValues(flatten(kind, here), row);
    // An occurrence never agreed with the hub: measured against what its series makes of it,
    // so its own changes here (an exception) stay and go to the hub (hub-series-base.ts).
    const base =
      baseOf(row) ?? (isDerived(kind, here) ? (seriesBase(local, here) ?? flatHere) : undefined);
    const merge = mergeWithHub({
      kind,
      here: flatHere,
      hub: flatHub,
      base,
      held: heldUnits(pass, kind, hub.uuid),
    });
    const conflicting = Object.keys(merge.conflicts);
    if (conflicting.length > 0) {
      const open = repo.conflictOf(peer.id, kind, hub.uuid);
      const fields = { ...(open ? (JSON.parse(open.fields) as object) : {}), ...merge.conflicts };
      repo.saveConflict(peer.id, kind, hub.uuid, JSON.stringify(fields), pass.now());
      pass.summary.conflicts += 1;
      pass.log('conflict', kind, hub.uuid, nameOf(pass, here), {
        key: 'fields',
        values: { fields: conflicting },
      });
    }
    const keepsOwn = mineLeft(flatHere, flatHub, merge.take);
    // Never agreed before, with changes of its own left: flagged, so a pass sends them even
    // when the record has not changed here since (hub-push.ts `candidates`).
    const unsent = !row?.baseRemote && keepsOwn ? -1 : undefined;
    if (merge.take.length === 0) {
      repo.save(peer.id, bookkeeping(unsent ?? row?.localRev ?? 0));
      return true;
    }
    const stored = local.write(
      kind,
      { id: here.id },
      patchOf(kind, flatHub, merge.take),
      context,
      (_s, rev) => repo.save(peer.id, bookkeeping(keepsOwn ? (unsent ?? row?.localRev ?? 0) : rev)),
    );
    noteSlugs(pass, kind, stored, hub);
    noteDoubleBooking(pass, kind, stored, hub);
    pass.summary[keepsOwn ? 'merged' : 'received'] += 1;
    pass.log(keepsOwn ? 'merged' : 'received', kind, hub.uuid, nameOf(pass, hub), {
      key: 'fields',
      values: { fields: merge.take },
    });
    pass.hook?.('pulled', { kind, uuid: hub.uuid });
    return true;
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    pass.log('refused', kind, hub.uuid, nameOf(pass, hub), {
      key: 'said',
      values: { message: refusal.message },
    });
    return false;
  }
}

/**
 * The hub's new record written here; a term refused for a namesake made here before the two
 * met (hub-namesakes.ts) is written once the namesake has given way.
 */
function createOrGiveWay(
  pass: HubPass,
  kind: Kind,
  hub: SyncRecord,
  create: () => LocalRecord,
): LocalRecord {
  try {
    return create();
  } catch (error) {
    const refusal = refusalOf(error);
    const namesake = refusal && namesakeOf(pass, kind, refusal);
    if (!namesake) throw error;
    let made: LocalRecord | undefined;
    giveWay(pass, kind, namesake, hub.uuid, () => (made = create()));
    pass.log('merged', kind, hub.uuid, nameOf(pass, hub), { key: 'namesake', values: {} });
    return made!;
  }
}

/** A pulled event that double-books its venue: said in the log (a pull is never refused). */
function noteDoubleBooking(pass: HubPass, kind: Kind, stored: LocalRecord, hub: SyncRecord): void {
  const message = pass.local.doubleBooking(kind, stored, pass.context);
  if (message)
    pass.log('doubleBooked', kind, hub.uuid, nameOf(pass, hub), {
      key: 'said',
      values: { message },
    });
}

/** Whether this calendar still differs from the hub after taking `take` (its own changes). */
function mineLeft(here: Flat, hub: Flat, take: readonly string[]): boolean {
  const taken = new Set(take);
  return Object.keys(here).some(
    (key) => !taken.has(key) && JSON.stringify(here[key]) !== JSON.stringify(hub[key]),
  );
}

/** A record the hub deleted for good: deleted here too. */
export function dropHubRecord(pass: HubPass, kind: Kind, uuid: string): void {
  const { repo, peer, local, context } = pass;
  const here = local.get(kind, uuid);
  if (!here) {
    repo.forget(peer.id, kind, uuid);
    repo.dropConflict(peer.id, kind, uuid);
    return;
  }
  local.remove(kind, here.id, context, () => {
    repo.forget(peer.id, kind, uuid);
    repo.dropConflict(peer.id, kind, uuid);
  });
  pass.summary.deleted += 1;
  pass.log('deleted', kind, uuid, nameOf(pass, here));
}

/**
 * How long the pull writes before it hands the thread back. Each turn's writes commit together,
 * and a COMMIT costs about 0.4 ms here: with 1 ms a pull of 6,000 events took 40 % longer than
 * unpaced, with 2 ms 20 %, with 4 ms about as long as with 2 and reads waited twice as long
 * (docs/benchmarks.md, "The hub's pull hands the thread back").
 */
const PULL_BUDGET_MS = 2;

/**
 * A page's records written one by one, the thread handed back every PULL_BUDGET_MS (pace.ts):
 * unpaced, a page of 1,000 events held the thread half a second and every read waited for it.
 * Each record is read again as it is written, so an edit made between two records is merged
 * like any other; the checkpoint moves only once the whole page is written.
 */
async function applyPage(
  pass: HubPass,
  page: PullResponse,
  deferred: [Kind, SyncRecord][],
): Promise<void> {
  const pace = pacer(PULL_BUDGET_MS);
  for (const kind of PULL_ORDER) {
    for (const record of parentsFirst(page.records[kind])) {
      await pace();
      if (pass.signal.aborted) throw pass.signal.reason as Error;
      if (!takeHubRecord(pass, kind, record)) deferred.push([kind, record]);
    }
  }
  for (const tombstone of page.tombstones) {
    await pace();
    dropHubRecord(pass, tombstone.kind, tombstone.uuid);
  }
}

/**
 * Pulls everything since the checkpoint. The hub's calendar is named from the first page on; a
 * lost checkpoint pulls everything again from 0, merged with what is here like any page.
 */
export async function pullFromHub(pass: HubPass): Promise<void> {
  const deferred: [Kind, SyncRecord][] = [];
  const { state } = pass;
  const last = await pullAll(
    pass.http.line,
    {
      checkpoint: () => state.checkpoint,
      mirrored: () => state.calendar,
      take: async (page) => {
        await applyPage(pass, page, deferred);
        state.calendar ??= page.calendar;
        // A record left for later (its link comes on a later page) holds the checkpoint back.
        if (deferred.length === 0) pass.saveCheckpoint(page.checkpoint);
      },
      restart: () => pass.saveCheckpoint('0'),
    },
    { clientId: state.clientId, limit: PAGE },
  );
  if (deferred.length > 0) {
    // Their links are here now (or never will be: then the log says why).
    const pace = pacer(PULL_BUDGET_MS);
    for (const [kind, record] of deferred) {
      await pace();
      takeHubRecord(pass, kind, record);
    }
    pass.saveCheckpoint(last);
  }
  settleSlugs(pass);
}
