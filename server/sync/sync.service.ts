/**
 * Sync: pull changed records and tombstones from a checkpoint; push mutations,
 * each at most once per client, applied when based on the current revision or when the fields
 * they touch were not changed since (field-level merge), else answered with the server's record
 * as a conflict. A mutation's patch goes to the kind's write command, the one every door uses,
 * so the same rules hold. Sync is for editors and admins: it sees and changes everyone's records.
 */
import type { Kind } from '#shared/kinds/registry.ts';
import {
  pushResultSchema,
  toSyncRecord,
  type Mutation,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  type PushResult,
  type SyncRecord,
  type PullQuery,
} from '#shared/schemas/sync.ts';
import { fieldKeysOf } from '#shared/sync/fields.ts';
import { can } from '../auth/capabilities.ts';
import { DomainError, forbidden, invalidParams, refusalOf } from '../domain/errors.ts';
import { statusOf } from '../http/api-error.ts';
import type { DomainContext } from '../domain/context.ts';
import { requireCaller } from '../domain/posts/access.ts';
import type { PostsRepo } from '../store/posts.repo.ts';
import type { TermsRepo } from '../store/terms.repo.ts';
import type { ChangeLog } from '../store/change-log.repo.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import { yieldTurn } from '../pace.ts';
import { createMutationRunner, type RecordServices } from './mutations.ts';
import { formatCursor, parseCursor, TOMBSTONE_SOURCE, type SyncRepo } from '../store/sync.repo.ts';

type Deps = RecordServices & {
  sync: SyncRepo;
  changes: ChangeLog;
  posts: PostsRepo;
  termsRepo: TermsRepo;
};

/** Records of a pull page read in one stretch: about 4 ms of the thread at 100,000 events. */
const SLICE = 100;

/** The replica protocol's server: the calendar it holds, a pull and a push. */
export type SyncService = {
  /** The calendar this server holds: its database's own id. */
  calendar: () => string;
  pull(query: PullQuery, context: DomainContext): Promise<PullResponse>;
  push(request: PushRequest, context: DomainContext): PushResponse;
};

export function createSyncService(deps: Deps): SyncService {
  const { sync, changes, posts, termsRepo } = deps;
  // Named as the server starts, while it can write: pulls from a directory made read-only later
  // still say which calendar they are.
  sync.calendarId();
  const runner = createMutationRunner(deps, sync);

  function records(kind: Kind, ids: number[]): SyncRecord[] {
    if (ids.length === 0) return [];
    const loaded: object[] =
      kind === 'event'
        ? deps.events.getMany(ids)
        : kind === 'venue'
          ? deps.venues.getMany(ids)
          : kind === 'organizer'
            ? deps.organizers.getMany(ids)
            : deps.terms.getMany(ids);
    return loaded.map((record) => toSyncRecord(kind, record));
  }

  /**
   * A pull page's records of one kind, read SLICE at a time with the thread handed back between
   * slices: a page of 5,000 events held it 0.4 s at 100,000 events, and every read waited.
   */
  async function sliced(kind: Kind, ids: number[]): Promise<SyncRecord[]> {
    const out: SyncRecord[] = [];
    for (let start = 0; start < ids.length; start += SLICE) {
      if (start > 0) await yieldTurn();
      out.push(...records(kind, ids.slice(start, start + SLICE)));
    }
    return out;
  }

  /** The record's revision, and the revision at which each of its fields last changed. */
  function revisions(kind: Kind, id: number): { rev: number; fieldRevs: Record<string, number> } {
    if (kind === 'category' || kind === 'tag') {
      return { rev: termsRepo.get(id)?.rev ?? 0, fieldRevs: termsRepo.fieldRevs(id) };
    }
    return { rev: posts.revOf(id), fieldRevs: posts.fieldRevs(id) };
  }

  /**
   * A conflict: the fields the mutation touches changed after its base revision, by someone
   * else — a client's own earlier changes are what its later mutations were built on.
   */
  function conflictOf(mutation: Mutation, clientId: string): PushResult | undefined {
    if (mutation.op === 'create') {
      if (sync.locate(mutation.uuid) || sync.isTombstoned(mutation.uuid)) {
        throw invalidParams({
          uuid: `uuid: a record with the uuid ${mutation.uuid} exists or existed`,
        });
      }
      return undefined;
    }
    const located = sync.locate(mutation.uuid);
    if (!located || located.kind !== mutation.kind)
      return { mutationId: mutation.mutationId, status: 'conflict', record: null };
    const { rev, fieldRevs } = revisions(located.kind, located.id);
    if (mutation.baseRev >= rev) return undefined;
    const touched =
      mutation.op === 'delete'
        ? Object.keys(fieldRevs)
        : fieldKeysOf(mutation.kind, mutation.fields);
    const newer = touched.map((key) => fieldRevs[key] ?? 0).filter((rev) => rev > mutation.baseRev);
    const own = sync.revsBy(clientId, newer);
    if (newer.every((rev) => own.has(rev))) return undefined;
    return {
      mutationId: mutation.mutationId,
      status: 'conflict',
      record: records(located.kind, [located.id])[0] ?? null,
    };
  }

  /**
   * This server's calendar, after checking it is the one the replica mirrors: another calendar
   * served at the same address (another data folder on the port) must not take the changes
   * typed for the first, nor pass its records into that replica.
   */
  function sameCalendar(mirrored: string | undefined): string {
    const calendar = sync.calendarId();
    if (mirrored !== undefined && mirrored !== calendar)
      throw new DomainError(
        'marquee_sync_other_calendar',
        'This server now holds another calendar than the one this replica mirrors.',
        { calendar },
      );
    return calendar;
  }

  return {
    /** The calendar this server holds: its database's own id. */
    calendar: (): string => sync.calendarId(),

    async pull(query: PullQuery, context: DomainContext): Promise<PullResponse> {
      requireCaller(context, can.editOthers);
      const calendar = sameCalendar(query.calendar);
      const cursor = parseCursor(query.since);
      // A full fetch (from 0, and its later pages) is always served; a later checkpoint from
      // before purged deletions cannot tell the client what it must drop.
      const forgotten = !cursor.full && cursor.rev < sync.horizon();
      if (forgotten || cursor.rev > changes.latest()) {
        throw new DomainError(
          'marquee_sync_reset',
          'This checkpoint cannot be served any more: pull again from 0.',
        );
      }
      const { rows, more } = sync.changesSince(cursor, query.limit);
      // What the page answers for is fixed here, before its records are read a slice at a time
      // (below): a record changed meanwhile is read newer, its revision past this checkpoint,
      // so the next pull brings it again; one deleted meanwhile is missing, and its tombstone
      // comes next. Nothing written meanwhile is passed over.
      const last = rows.at(-1);
      const checkpoint = more && last ? formatCursor(last, cursor.full) : String(changes.latest());
      const lastMutationId = query.clientId ? (sync.lastMutation(query.clientId)?.last ?? 0) : 0;
      const live = (kind: Kind) =>
        sliced(
          kind,
          rows
            .filter((row) => row.source !== TOMBSTONE_SOURCE && row.kind === kind)
            .map((row) => row.id),
        );
      return {
        records: {
          event: await live('event'),
          venue: await live('venue'),
          organizer: await live('organizer'),
          category: await live('category'),
          tag: await live('tag'),
        } as PullResponse['records'],
        tombstones: rows
          .filter((row) => row.source === TOMBSTONE_SOURCE)
          .map(({ kind, uuid, rev }) => ({ kind, uuid, rev })),
        checkpoint,
        more,
        lastMutationId,
        calendar,
      };
    },

    push(request: PushRequest, context: DomainContext): PushResponse {
      const caller = requireCaller(context, can.editOthers);
      sameCalendar(request.calendar);
      const known = sync.lastMutation(request.clientId);
      if (known && known.userId !== caller.id)
        throw forbidden(true, 'This sync client belongs to another user.');
      let last = known?.last ?? 0;
      const results: PushResult[] = [];
      /** A mutation is done with: its result goes out now and is kept for repeats of this push. */
      const done = (result: PushResult) => {
        sync.answered(
          request.clientId,
          caller.id,
          result.mutationId,
          result,
          toUtcString(context.now),
        );
        last = result.mutationId;
        results.push(result);
      };
      for (const mutation of [...request.mutations].sort((a, b) => a.mutationId - b.mutationId)) {
        if (mutation.mutationId <= last) {
          // Sent again (its answer was lost): the same answer again.
          const saved = pushResultSchema.safeParse(
            sync.savedResult(request.clientId, mutation.mutationId),
          );
          if (saved.success) results.push(saved.data);
          continue;
        }
        try {
          const conflict = conflictOf(mutation, request.clientId);
          if (conflict) {
            done(conflict);
            continue;
          }
          changes.write((rev) => {
            runner.run(mutation, context);
            sync.markRev(rev, request.clientId);
            done({ mutationId: mutation.mutationId, status: 'applied', rev });
          });
        } catch (error) {
          const refusal = refusalOf(error);
          if (!refusal) throw error;
          done({
            mutationId: mutation.mutationId,
            status: 'rejected',
            error: {
              code: refusal.code,
              message: refusal.message,
              data: { status: statusOf(refusal), ...refusal.data },
            },
          });
        }
      }
      return { lastMutationId: last, checkpoint: String(changes.latest()), results };
    },
  };
}
