/**
 * One sync pass each way. Push sends the outbox in order and files what the server did not
 * apply as problems (never dropped silently); pull brings every change since the checkpoint,
 * drops what the server has acknowledged, and rebases what is still unsent.
 */
import { KIND, KINDS, type Kind, type RecordOf } from '#shared/kinds/registry.ts';
import type { PullResponse, PushResult } from '#shared/schemas/sync.ts';
import { type MarqueeDB, type OutboxEntry } from '../db.ts';
import { pulledDerived, restoreDerived, stillDerived, unsentIds } from './derived.ts';
import { rebase } from './rebase.ts';
import type { Transport } from './transport.ts';

const PUSH_BATCH = 100;
const CHECKPOINT = 'checkpoint';
/** The calendar this replica mirrors: the server's id, from the first pull on. */
const MIRRORS = 'calendar';

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
    const calendar = await mirroredCalendar(db);
    const response = await transport.push({
      clientId,
      ...(calendar && { calendar }),
      mutations: batch.map(({ createdAt: _, ...mutation }) => mutation),
    });
    const answered = new Map<number, PushResult>(
      response.results.map((result) => [result.mutationId, result]),
    );
    await db.transaction(
      'rw',
      [...recordTables(db), db.outbox, db.problems, db.shadows],
      async () => {
        await db.outbox.where('mutationId').belowOrEqual(response.lastMutationId).delete();
        for (const entry of batch.filter(
          (mutation) => mutation.mutationId <= response.lastMutationId,
        )) {
          const result = answered.get(entry.mutationId);
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
    if (response.lastMutationId < (batch.at(-1)?.mutationId ?? 0)) return;
  }
}

async function applyPage(db: MarqueeDB, page: PullResponse): Promise<void> {
  await db.transaction('rw', [...recordTables(db), db.outbox, db.shadows, db.meta], async () => {
    await db.outbox.where('mutationId').belowOrEqual(page.lastMutationId).delete();
    const pending = groupByUuid(await db.outbox.orderBy('mutationId').toArray());
    const unsent = await unsentIds(db);
    for (const kind of KINDS) {
      const records = page.records[kind] as unknown as RecordOf[];
      const derived = await pulledDerived(db, records, unsent);
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
    if (!(await db.meta.get(MIRRORS))) await db.meta.put({ key: MIRRORS, value: page.calendar });
  });
}

/** Pulls until nothing more waits. `reset` empties the replica first (a checkpoint the server lost). */
export async function pullPass(
  db: MarqueeDB,
  transport: Transport,
  clientId: string,
  limit: number,
  reset = false,
): Promise<void> {
  if (reset) {
    // Everything is fetched again; only what the user has not sent yet stays as it is (with
    // what it derived).
    await db.transaction('rw', [...recordTables(db), db.outbox, db.shadows, db.meta], async () => {
      const pending = new Set((await db.outbox.toArray()).map((entry) => entry.uuid));
      for (const uuid of await stillDerived(db, await unsentIds(db))) pending.add(uuid);
      for (const table of recordTables(db))
        await table.filter((record: RecordOf) => !pending.has(record.uuid)).delete();
      await db.shadows.filter((shadow) => !pending.has(shadow.uuid)).delete();
      await db.meta.put({ key: CHECKPOINT, value: '0' });
    });
  }
  const since = (await db.meta.get(CHECKPOINT))?.value;
  const calendar = await mirroredCalendar(db);
  let next = transport.pull(typeof since === 'string' ? since : '0', limit, clientId, calendar);
  for (;;) {
    const page = await next;
    // The next page is fetched while this one is written: the server and IndexedDB work at once.
    if (page.more) {
      next = transport.pull(page.checkpoint, limit, clientId, calendar ?? page.calendar);
      next.catch(() => undefined); // Seen by the next turn; not unhandled if this write fails.
    }
    await applyPage(db, page);
    if (!page.more) break;
  }
  // Records whose changes are all acknowledged now show the server's version: forget the shadows.
  await db.transaction('rw', [...recordTables(db), db.shadows, db.outbox], async () => {
    const unsent = await unsentIds(db);
    await restoreDerived(db, { unsent });
    const pending = new Set((await db.outbox.toArray()).map((entry) => entry.uuid));
    for (const uuid of await stillDerived(db, unsent)) pending.add(uuid);
    await db.shadows.filter((shadow) => !pending.has(shadow.uuid)).delete();
  });
}
