/**
 * Local edits: each one changes the replica and queues its mutation in one Dexie
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
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { mutationSchema, type Mutation } from '#shared/schemas/sync.ts';
import type { Scope } from '#shared/series/occurrences.ts';
import { type MarqueeDB, type Problem } from '../db.ts';
import { applyPatch } from '#shared/kinds/apply-patch.ts';
import { splitConcurrentEdit } from '#shared/sync/concurrent-edit.ts';
import type { LocalWrite } from './series-follow.ts';
import { createEvent, destroyEvent, updateEvent } from './series-writes.ts';

const NEXT_MUTATION = 'nextMutationId';

export type RecordsRepo = ReturnType<typeof createRecordsRepo>;

/**
 * How a write goes: for an occurrence, what else it changes (`scope`); for an event at a strict
 * venue, whether the user chose to book it anyway.
 */
type WriteOptions = { scope?: Scope | undefined; bookAnyway?: true | undefined };

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

  /**
   * Queues a mutation and applies it to the replica, in one transaction. `apply` gives the
   * record the mutation is for as it is after it (undefined: gone); what else it changes (a
   * series' occurrences) it writes itself, as derived records (series-follow.ts).
   */
  async function queue(
    kind: Kind,
    op: Mutation['op'],
    uuid: string,
    patch: Patch,
    apply: (current: RecordOf | undefined, mutationId: number) => Promise<RecordOf | undefined>,
    { scope, baseRev, bookAnyway }: WriteOptions & { baseRev?: number | undefined } = {},
  ) {
    await db.transaction('rw', [tableOf(kind), db.outbox, db.shadows, db.meta], async () => {
      const table = tableOf(kind);
      const current = await table.get(uuid);
      if (op !== 'create' && !current) throw new Error(`No ${kind} ${uuid} in this calendar`);
      // The first unsent change keeps the server's version, to rebuild from (rebase.ts); a
      // record derived from another's mutation already has it, and is now rebuilt as its own.
      const shadow = await db.shadows.get(uuid);
      if (!shadow)
        await db.shadows.put({ uuid, kind, record: op === 'create' ? null : (current ?? null) });
      else if (shadow.derivedBy !== undefined)
        await db.shadows.put({ uuid, kind, record: shadow.record });
      const entry = mutationSchema.parse({
        mutationId: await nextMutationId(),
        kind,
        op,
        uuid,
        // An edit begun on an older version says so: the server then merges it field by field
        // with what changed since, or answers a conflict (a form opened before another save).
        baseRev: Math.min(current?.rev ?? 0, baseRev ?? Infinity),
        fields: patch,
        ...(scope && scope !== 'this' ? { scope } : {}),
        ...(bookAnyway && kind === 'event' ? { bookAnyway } : {}),
      });
      // Queued first, so the records it derives know it is this record's own change.
      await db.outbox.add({ ...entry, createdAt: now().toISOString() });
      const next = await apply(current, entry.mutationId);
      if (next) await table.put(next);
      else await table.delete(uuid);
    });
  }

  const writing = (mutationId: number): LocalWrite => ({ db, now: now(), mutationId });

  const repo = {
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
      return db.transaction(
        'rw',
        [...KINDS.map(tableOf), db.outbox, db.shadows, db.meta, db.problems],
        work,
      );
    },

    /**
     * A new record with these fields; returns its uuid (the identity the server keeps). A new
     * series' occurrences appear at once, with the uuids the server will give them.
     */
    async create(
      kind: Kind,
      fields: Patch,
      { bookAnyway }: Pick<WriteOptions, 'bookAnyway'> = {},
    ): Promise<string> {
      const uuid = crypto.randomUUID();
      // New events are in the calendar's zone unless said otherwise; saying so keeps rebase exact.
      const sent =
        kind === 'event' && fields.timezone === undefined
          ? { ...fields, timezone: options.timezone() }
          : fields;
      await queue(
        kind,
        'create',
        uuid,
        sent,
        async (_, mutationId) => {
          const fresh = applyPatch(kind, blankRecord(kind, uuid, now(), options.timezone()), sent);
          if (kind !== 'event') return fresh;
          return createEvent(writing(mutationId), fresh as unknown as CalendarEvent);
        },
        { bookAnyway },
      );
      return uuid;
    },

    /**
     * Changes a record. For an occurrence, `scope` says what else changes, as over REST: this
     * one alone (the default), its series from it on, or the whole series (series-writes.ts).
     */
    async update(
      kind: Kind,
      uuid: string,
      patch: Patch,
      { scope, baseRev, bookAnyway }: WriteOptions & { baseRev?: number } = {},
    ): Promise<void> {
      await queue(
        kind,
        'update',
        uuid,
        patch,
        async (current, mutationId) => {
          if (!current) return undefined;
          if (kind !== 'event') return applyPatch(kind, current, patch);
          const event = current as unknown as CalendarEvent;
          return updateEvent(writing(mutationId), event, patch, scope);
        },
        { scope, baseRev, bookAnyway },
      );
    },

    /**
     * Changes a record from a form opened on an older version of it (`opened`): what only the
     * user changed is saved, and what was changed elsewhere too, to another value, is filed as
     * a conflict for the conflict screen (with the record as it is now) instead of being sent
     * over the other change (concurrent-edit.ts). The server is told the version the form began
     * from, so a change it has and this replica has not seen yet is caught there. Resolves
     * whether something waits for the user's decision.
     */
    async updateFrom(
      kind: Kind,
      uuid: string,
      opened: RecordOf,
      patch: Patch,
      { scope }: { scope?: Scope } = {},
    ): Promise<boolean> {
      return db.transaction(
        'rw',
        [...KINDS.map(tableOf), db.outbox, db.shadows, db.meta, db.problems],
        async () => {
          const current = await tableOf(kind).get(uuid);
          if (!current) throw new Error(`No ${kind} ${uuid} in this calendar`);
          const { merged, conflicting } = splitConcurrentEdit(kind, opened, current, patch);
          if (Object.keys(merged).length > 0)
            await repo.update(kind, uuid, merged, { ...(scope && { scope }), baseRev: opened.rev });
          if (Object.keys(conflicting).length === 0) return false;
          await db.problems.put({
            mutationId: await nextMutationId(),
            kind,
            op: 'update',
            uuid,
            baseRev: current.rev,
            fields: conflicting,
            ...(scope && scope !== 'this' ? { scope } : {}),
            createdAt: now().toISOString(),
            status: 'conflict',
            server: current as Problem['server'],
            local: current,
          });
          return true;
        },
      );
    },

    /**
     * Deletes for good (moving to the trash is an update of `status`, with the same scopes).
     * For an occurrence, `scope` says what goes with it: nothing (it becomes an exception
     * date of its series), its series from it on, or the whole series.
     */
    async destroy(kind: Kind, uuid: string, { scope }: { scope?: Scope } = {}): Promise<void> {
      await queue(
        kind,
        'delete',
        uuid,
        {},
        async (current, mutationId) => {
          if (kind === 'event' && current)
            await destroyEvent(writing(mutationId), current as unknown as CalendarEvent, scope);
          return undefined;
        },
        { scope },
      );
    },
  };
  return repo;
}
