/**
 * The renderer's replica: the server's records in the shared schemas' shape, with
 * the user's pending changes applied, an outbox of those changes, the problems sync met
 * (conflicts, refusals), and sync state. Only data/repos and data/sync touch these tables.
 */
import Dexie, { type DBCore, type DexieOptions, type EntityTable, type Middleware } from 'dexie';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import type { Organizer } from '#shared/schemas/organizer.ts';
import type { Kind } from '#shared/kinds/registry.ts';
import type { Mutation, PushResult } from '#shared/schemas/sync.ts';
import type { Term } from '#shared/schemas/term.ts';
import type { Venue } from '#shared/schemas/venue.ts';
import { monthKeysOf } from './event-months.ts';

/** A change waiting to reach the server. */
export type OutboxEntry = Mutation & { createdAt: string };

/** A change the server did not apply: a conflict to resolve, or a refusal to read. */
export type Problem = OutboxEntry & {
  status: 'conflict' | 'rejected';
  /** conflict: the server's version of the record (null when it was deleted there). */
  server?: PushResult['record'];
  /** The record as the user saw it when the problem arose (to bring it back if the server lost it). */
  local?: Record<string, unknown> | undefined;
  error?: PushResult['error'];
};

type MetaEntry = { key: string; value: unknown };

/**
 * The server's version of a record that has changes waiting (null: the server has none), so
 * the local version can be rebuilt when the server's moves on or refuses a change (rebase).
 */
export type Shadow = {
  uuid: string;
  kind: Kind;
  record: Record<string, unknown> | null;
  /**
   * A record changed locally by another record's mutation (a series' occurrences, a series
   * written through one of them): the last such mutation. Until it is settled the record shows
   * its effect; then the server's version replaces it (sync/passes.ts, repos/series-follow.ts).
   */
  derivedBy?: number;
};

export class MarqueeDB extends Dexie {
  events!: EntityTable<CalendarEvent, 'uuid'>;
  venues!: EntityTable<Venue, 'uuid'>;
  organizers!: EntityTable<Organizer, 'uuid'>;
  categories!: EntityTable<Term, 'uuid'>;
  tags!: EntityTable<Term, 'uuid'>;
  outbox!: EntityTable<OutboxEntry, 'mutationId'>;
  problems!: EntityTable<Problem, 'mutationId'>;
  shadows!: EntityTable<Shadow, 'uuid'>;
  meta!: EntityTable<MetaEntry, 'key'>;

  constructor(name = 'marquee', options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({
      events: 'uuid, id, rev, startUtc, endUtc, status',
      venues: 'uuid, id, rev, status',
      organizers: 'uuid, id, rev, status',
      categories: 'uuid, id, rev, parentUuid',
      tags: 'uuid, id, rev',
      outbox: 'mutationId, uuid',
      problems: 'mutationId, uuid',
      shadows: 'uuid',
      meta: 'key',
    });
    // 2: events by their links, for "this venue's events" and the calendar's filters.
    this.version(2)
      .stores({
        events:
          'uuid, id, rev, startUtc, endUtc, status, venueUuid, *organizerUuids, *categoryUuids, *tagUuids',
      })
      .upgrade(async (tx) => {
        await tx
          .table<MetaEntry, string>('meta')
          .put({ key: 'upgradedTo2', value: new Date().toISOString() });
      });
    // 3: events by the months they touch, for the calendar's views (event-months.ts).
    this.version(3)
      .stores({
        events:
          'uuid, id, rev, startUtc, endUtc, status, venueUuid, *organizerUuids, *categoryUuids, *tagUuids, *monthKeys',
      })
      .upgrade(async (tx) => {
        await tx
          .table<CalendarEvent & { monthKeys?: string[] }, string>('events')
          .toCollection()
          .modify((event) => {
            event.monthKeys = monthKeysOf(event);
          });
      });
    // 4: terms have a colour ('' = none chosen); terms pulled before have none.
    this.version(4).upgrade(async (tx) => {
      for (const table of ['categories', 'tags']) {
        await tx
          .table<Term, string>(table)
          .toCollection()
          .modify((term) => {
            term.color ??= '';
          });
      }
    });
    // 5: events may be series (a rule) or their occurrences (a slot); those pulled before are
    // neither. A series has no month keys: the calendar shows its occurrences.
    this.version(5).upgrade(async (tx) => {
      await tx
        .table<CalendarEvent, string>('events')
        .toCollection()
        .modify((event) => {
          event.recurrence ??= null;
          event.recurrenceId ??= null;
        });
    });
    // 6: events by their series, so an edit of a series finds its occurrences without a scan.
    this.version(6).stores({
      events:
        'uuid, id, rev, startUtc, endUtc, status, venueUuid, *organizerUuids, *categoryUuids, *tagUuids, *monthKeys, parentUuid',
    });
    this.use(eventMonthsMiddleware);
  }
}

/** Every event written gets its `monthKeys`, whoever writes it (sync, edits, upgrades). */
const eventMonthsMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'eventMonths',
  create: (down) => ({
    ...down,
    table: (name) => {
      const table = down.table(name);
      if (name !== 'events') return table;
      return {
        ...table,
        mutate: (request) =>
          table.mutate(
            request.type === 'add' || request.type === 'put'
              ? {
                  ...request,
                  values: request.values.map((value: CalendarEvent) => ({
                    ...value,
                    monthKeys: monthKeysOf(value),
                  })),
                }
              : request,
          ),
      };
    },
  }),
};
