/**
 * Local edits (DESIGN §7): each one changes the replica and queues its mutation in one Dexie
 * transaction, so an edit is never shown without being queued, nor queued without being shown.
 * Patches are checked with the shared sync schemas first; the server checks everything again.
 */
import {
  KIND,
  KINDS,
  type Kind,
  blankRecord,
  type Patch,
  type RecordOf,
} from '#shared/kinds/registry.ts';
import { mutationSchema, type Mutation } from '#shared/schemas/sync.ts';
import { type MarqueeDB } from '../db.ts';
import { applyPatch } from '#shared/kinds/apply-patch.ts';

const NEXT_MUTATION = 'nextMutationId';

export type RecordsRepo = ReturnType<typeof createRecordsRepo>;

export function createRecordsRepo(
  db: MarqueeDB,
  options: { timezone: () => string; now?: () => Date },
) {
  const now = options.now ?? (() => new Date());
  const tableOf = (kind: Kind) => db.table<RecordOf, string>(KIND[kind].plural);

  /** The next mutation id, inside the caller's transaction (so tabs never share one). */
  async function nextMutationId(): Promise<number> {
    const entry = await db.meta.get(NEXT_MUTATION);
    const id = typeof entry?.value === 'number' ? entry.value : 1;
    await db.meta.put({ key: NEXT_MUTATION, value: id + 1 });
    return id;
  }

  async function queue(
    kind: Kind,
    op: Mutation['op'],
    uuid: string,
    patch: Patch,
    apply: (current: RecordOf | undefined) => RecordOf | undefined,
  ) {
    await db.transaction('rw', [tableOf(kind), db.outbox, db.shadows, db.meta], async () => {
      const table = tableOf(kind);
      const current = await table.get(uuid);
      if (op !== 'create' && !current) throw new Error(`No ${kind} ${uuid} in this calendar`);
      // The first unsent change keeps the server's version, to rebuild from (rebase.ts).
      if (!(await db.shadows.get(uuid)))
        await db.shadows.put({ uuid, kind, record: op === 'create' ? null : (current ?? null) });
      const entry = mutationSchema.parse({
        mutationId: await nextMutationId(),
        kind,
        op,
        uuid,
        baseRev: current?.rev ?? 0,
        fields: patch,
      });
      const next = apply(current);
      if (next) await table.put(next);
      else await table.delete(uuid);
      await db.outbox.add({ ...entry, createdAt: now().toISOString() });
    });
  }

  return {
    get: (kind: Kind, uuid: string) => tableOf(kind).get(uuid),

    count: (kind: Kind) => tableOf(kind).count(),

    /** The records of a kind in the trash (events, venues and organizers have one). */
    trash: (kind: 'event' | 'venue' | 'organizer') =>
      tableOf(kind).where('status').equals('trash').toArray(),

    /** Every record of a kind that is not in the trash. */
    list: (kind: Kind) =>
      tableOf(kind)
        .filter((record) => record.status !== 'trash')
        .toArray(),

    /** Runs `work` as one transaction over every table an edit touches (all or nothing). */
    atomically<T>(work: () => Promise<T>): Promise<T> {
      return db.transaction('rw', [...KINDS.map(tableOf), db.outbox, db.shadows, db.meta], work);
    },

    /** A new record with these fields; returns its uuid (the identity the server keeps). */
    async create(kind: Kind, fields: Patch): Promise<string> {
      const uuid = crypto.randomUUID();
      // New events are in the calendar's zone unless said otherwise; saying so keeps rebase exact.
      const sent =
        kind === 'event' && fields.timezone === undefined
          ? { ...fields, timezone: options.timezone() }
          : fields;
      await queue(kind, 'create', uuid, sent, () =>
        applyPatch(kind, blankRecord(kind, uuid, now(), options.timezone()), sent),
      );
      return uuid;
    },

    async update(kind: Kind, uuid: string, patch: Patch): Promise<void> {
      await queue(
        kind,
        'update',
        uuid,
        patch,
        (current) => current && applyPatch(kind, current, patch),
      );
    },

    /** Deletes for good (moving to the trash is an update of `status`). */
    async destroy(kind: Kind, uuid: string): Promise<void> {
      await queue(kind, 'delete', uuid, {}, () => undefined);
    },
  };
}
