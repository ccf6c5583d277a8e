/**
 * Marquee's side of a peer: its records by uuid and in the shape views are made from, and the
 * writes a peer's changes become. Every write goes to the kind's write command (the one every
 * door uses: sync/mutations.ts), acting as the calendar's owner, each in a transaction of its
 * own with the peer's bookkeeping for that record, so a crash never leaves one without the other
 * and a pull of a thousand records never holds the database for long.
 */
import type { StoredEvent } from '../store/events.repo.ts';
import type { Kind, Patch } from '#shared/kinds/registry.ts';
import type { DomainContext } from '../domain/context.ts';
import type { ChangeLog } from '../store/change-log.repo.ts';
import type { PeersRepo } from '../store/peers.repo.ts';
import type { RecordServices, RecordWriters } from '../sync/mutations.ts';
import type { SyncRepo } from '../store/sync.repo.ts';

export type LocalRecord = Readonly<Record<string, unknown>> & {
  id: number;
  uuid: string;
  rev: number;
};

export type LocalRecords = ReturnType<typeof createLocalRecords>;

export function createLocalRecords(deps: {
  services: RecordServices;
  writers: RecordWriters;
  sync: SyncRepo;
  peers: PeersRepo;
  changes: ChangeLog;
}) {
  const { services, writers, sync, changes } = deps;

  function load(kind: Kind, ids: readonly number[]): LocalRecord[] {
    if (ids.length === 0) return [];
    const loaded: object[] =
      kind === 'event'
        ? services.events.getMany(ids)
        : kind === 'venue'
          ? services.venues.getMany(ids)
          : kind === 'organizer'
            ? services.organizers.getMany(ids)
            : services.terms.getMany(ids);
    return loaded as LocalRecord[];
  }

  return {
    load,

    get(kind: Kind, uuid: string): LocalRecord | undefined {
      const found = sync.locate(uuid);
      if (!found || found.kind !== kind) return undefined;
      return load(kind, [found.id])[0];
    },

    /** The records that name `record` (a `kind`) in one of their links. */
    naming(kind: Kind, record: { id: number }): { kind: Kind; record: LocalRecord }[] {
      return sync
        .naming(kind, record.id)
        .flatMap((found) =>
          load(found.kind, found.ids).map((named) => ({ kind: found.kind, record: named })),
        );
    },

    /** Every record of the kind (a first sync's preview and matches). */
    all(kind: Kind): LocalRecord[] {
      const ids = deps.peers.localIds(kind);
      const out: LocalRecord[] = [];
      for (let start = 0; start < ids.length; start += 500)
        out.push(...load(kind, ids.slice(start, start + 500)));
      return out;
    },

    /**
     * Creates (no `id`) or changes a record with `patch`, then runs `after` with the stored
     * record and the revision, in the same transaction.
     */
    write(
      kind: Kind,
      target: { id: number } | { uuid: string },
      patch: Patch,
      context: DomainContext,
      after: (stored: LocalRecord, rev: number) => void,
    ): LocalRecord {
      return changes.write((rev) => {
        const stored = (
          'id' in target
            ? writers[kind].update(target.id, patch, context)
            : writers[kind].create(patch, context, target.uuid)
        ) as LocalRecord;
        after(stored, rev);
        return stored;
      });
    },

    /**
     * What a peer's event, written here, double-books (its pulls are never refused: the peer
     * holds it already): a sentence for the peer's log, or undefined.
     */
    doubleBooking(kind: Kind, stored: LocalRecord, context: DomainContext): string | undefined {
      if (kind !== 'event') return undefined;
      const clashes = services.events.clashesOf(stored as StoredEvent, context, 3);
      if (clashes.length === 0) return undefined;
      return `Double booking: its venue is also booked ${clashes
        .map(
          (clash) =>
            `${clash.start.slice(0, 16)}–${clash.end.slice(0, 16)} by ${clash.title || `event ${clash.id}`}`,
        )
        .join('; ')}.`;
    },

    /** Deletes a record for good (a term the site deleted: terms have no trash). */
    remove(kind: Kind, id: number, context: DomainContext, after: (rev: number) => void): void {
      changes.write((rev) => {
        // A copy of a deletion made on the peer: an occurrence goes alone, its series' dates
        // come with the series.
        writers[kind].remove(id, context, { alone: true });
        after(rev);
      });
    },
  };
}
