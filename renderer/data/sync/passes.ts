/**
 * One sync pass each way, over the replica protocol's client (shared/sync/replica-client.ts).
 * Push sends the outbox in order and files what the server did not apply as problems (never
 * dropped silently); pull brings every change since the checkpoint, drops what the server has
 * acknowledged, and rebases what is still unsent.
 */
import { KIND, KINDS, type Kind, type RecordOf } from '#shared/kinds/registry.ts';
import type { PullResponse } from '#shared/schemas/sync.ts';
import { pullAll, pushMutations, type ReplicaStore } from '#shared/sync/replica-client.ts';
import { type MarqueeDB, type OutboxEntry } from '../db.ts';
import {
  derivedShadows,
  pulledDerived,
  restoreDerived,
  stillDerived,
  unsentIds,
} from './derived.ts';
import { rebase } from './rebase.ts';
import type { Transport } from './transport.ts';

const PUSH_BATCH = 100;
const CHECKPOINT = 'checkpoint';
/** The calendar this replica mirrors: the server's id, from the first pull on. */
const MIRRORS = 'calendar';
/**
 * Set while a pull has pages still to come: the replica holds part of a backlog (a first sync,
 * an import made elsewhere). Written with each page, so every tab reads it at once.
 */
const CATCHING_UP = 'catchingUp';

/** The calendar this replica mirrors, or undefined before its first pull. */
export async function mirroredCalendar(db: MarqueeDB): Promise<string | undefined> {
  const value = (await db.meta.get(MIRRORS))?.value;
  return typeof value === 'string' ? value : undefined;
}

const recordTables = (db: MarqueeDB) => KINDS.map((kind) => db.table(KIND[kind].plural));

function groupByUuid(entries: readonly OutboxEntry[]): Map<string, OutboxEntry[]> {
  const groups = new Map<string, OutboxEntry[]>();
  for (const entry of entries) groups.set(entry.uuid, [...(groups.get(entry.uuid) ?? []), entry]);
  return groups;
}

/** Sets the server's version of a record and rebuilds what the user sees from it. */
async function settle(
  db: MarqueeDB,
  kind: Kind,
  uuid: string,
  server: RecordOf | null,
  pending: readonly OutboxEntry[],
) {
  const table = db.table<RecordOf, string>(KIND[kind].plural);
  if (pending.length > 0) await db.shadows.put({ uuid, kind, record: server });
  else await db.shadows.delete(uuid);
  const local = rebase(kind, server, pending);
  if (local) await table.put(local);
  else await table.delete(uuid);
}

export async function pushPass(
  db: MarqueeDB,
  transport: Transport,
  clientId: string,
): Promise<void> {
  for (;;) {
    const batch = await db.outbox.orderBy('mutationId').limit(PUSH_BATCH).toArray();
    if (batch.length === 0) return;
    const { done, through } = await pushMutations(transport, {
      clientId,
      calendar: await mirroredCalendar(db),
      mutations: batch.map(({ createdAt: _, ...mutation }) => mutation),
    });
    await db.transaction(
      'rw',
      [...recordTables(db), db.outbox, db.problems, db.shadows],
      async () => {
        await db.outbox.where('mutationId').belowOrEqual(through).delete();
        for (const entry of batch.filter((mutation) => done.has(mutation.mutationId))) {
          const result = done.get(entry.mutationId);
          if (result?.status === 'applied') continue;
          if (result) {
            await db.problems.put({
              ...entry,
              status: result.status === 'conflict' ? 'conflict' : 'rejected',
              server: result.record,
              local: await db.table<RecordOf, string>(KIND[entry.kind].plural).get(entry.uuid),
              error: result.error,
            });
          }
          // Refused, or done with but its answer is gone: show the server's version again, with
          // whatever is still unsent on top (the next pull brings any change it did make).
          const shadow = await db.shadows.get(entry.uuid);
          const server =
            result?.status === 'conflict'
              ? ((result.record ?? null) as RecordOf | null)
              : ((shadow?.record ?? null) as RecordOf | null);
          const pending = await db.outbox.where('uuid').equals(entry.uuid).sortBy('mutationId');
          await settle(db, entry.kind, entry.uuid, server, pending);
          if (result) await restoreDerived(db, { refused: entry.mutationId });
        }
      },
    );
    // The server stopped before the rest: they go at the next pass.
    if (done.size < batch.length) return;
  }
}

async function applyPage(db: MarqueeDB, page: PullResponse): Promise<void> {
  await db.transaction('rw', [...recordTables(db), db.outbox, db.shadows, db.meta], async () => {
    await db.outbox.where('mutationId').belowOrEqual(page.lastMutationId).delete();
    const pending = groupByUuid(await db.outbox.orderBy('mutationId').toArray());
    const unsent = await unsentIds(db);
    const shadows = await derivedShadows(db);
    for (const kind of KINDS) {
      const records = page.records[kind] as unknown as RecordOf[];
      const derived = await pulledDerived(db, records, unsent, shadows);
      const plain = records.filter(
        (record) => !pending.has(record.uuid) && !derived.has(record.uuid),
      );
      await db.table(KIND[kind].plural).bulkPut(plain);
      for (const record of records.filter((candidate) => pending.has(candidate.uuid))) {
        await settle(db, kind, record.uuid, record, pending.get(record.uuid) ?? []);
      }
    }
    for (const tombstone of page.tombstones)
      await settle(db, tombstone.kind, tombstone.uuid, null, pending.get(tombstone.uuid) ?? []);
    await db.meta.put({ key: CHECKPOINT, value: page.checkpoint });
    await db.meta.put({ key: CATCHING_UP, value: page.more });
    if (!(await db.meta.get(MIRRORS))) await db.meta.put({ key: MIRRORS, value: page.calendar });
  });
}

/** Whether the last page this replica took said more pages wait (a backlog half taken). */
export async function catchingUp(db: MarqueeDB): Promise<boolean> {
  return (await db.meta.get(CATCHING_UP))?.value === true;
}

/**
 * This replica as the protocol's store. A restart (a checkpoint the server lost) fetches
 * everything again; only what the user has not sent yet stays as it is, with what it derived.
 */
const dexieStore = (db: MarqueeDB): ReplicaStore => ({
  async checkpoint() {
    const value = (await db.meta.get(CHECKPOINT))?.value;
    return typeof value === 'string' ? value : '0';
  },
  mirrored: () => mirroredCalendar(db),
  take: (page) => applyPage(db, page),
  restart: () =>
    db.transaction('rw', [...recordTables(db), db.outbox, db.shadows, db.meta], async () => {
      const pending = new Set((await db.outbox.toArray()).map((entry) => entry.uuid));
      for (const uuid of await stillDerived(db, await unsentIds(db))) pending.add(uuid);
      for (const table of recordTables(db))
        await table.filter((record: RecordOf) => !pending.has(record.uuid)).delete();
      await db.shadows.filter((shadow) => !pending.has(shadow.uuid)).delete();
      await db.meta.put({ key: CHECKPOINT, value: '0' });
    }),
});

/** Pulls until nothing more waits. */
export async function pullPass(
  db: MarqueeDB,
  transport: Transport,
  clientId: string,
  limit: number,
): Promise<void> {
  await pullAll(transport, dexieStore(db), { clientId, limit });
  // Records whose changes are all acknowledged now show the server's version: forget the shadows.
  await db.transaction('rw', [...recordTables(db), db.shadows, db.outbox], async () => {
    const unsent = await unsentIds(db);
    await restoreDerived(db, { unsent });
    const pending = new Set((await db.outbox.toArray()).map((entry) => entry.uuid));
    for (const uuid of await stillDerived(db, unsent)) pending.add(uuid);
    await db.shadows.filter((shadow) => !pending.has(shadow.uuid)).delete();
  });
}
