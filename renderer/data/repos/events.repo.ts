/**
 * Queries over the replica's events that the screens need: a view's range (through the
 * month index, event-months.ts), a search through all of them, an event's series, and the
 * events linked to a venue, organizer or term.
 */
import type { CalendarEvent } from '#shared/schemas/event.ts';
import type { MarqueeDB } from '../db.ts';
import { monthKeysForRange } from '../event-months.ts';
import { seriesOf } from './series-follow.ts';

/** Overlaps [startUtc, endUtc); an event with no duration counts where it starts. */
const overlaps = (event: CalendarEvent, startUtc: string, endUtc: string) =>
  event.startUtc < endUtc && (event.endUtc > startUtc || event.startUtc >= startUtc);

export function createEventsRepo(db: MarqueeDB) {
  return {
    /** Events that overlap the range (UTC `YYYY-MM-DD HH:MM:SS`), trash left out. */
    async between(startUtc: string, endUtc: string): Promise<CalendarEvent[]> {
      // One query per month key: Dexie reads an equals() range with getAll, where anyOf() with
      // distinct() walks a cursor, a task per record (a month of 1k events read ~10x slower).
      const months = await Promise.all(
        monthKeysForRange(startUtc, endUtc).map((key) =>
          db.events.where('monthKeys').equals(key).toArray(),
        ),
      );
      const seen = new Set<string>();
      return months.flat().filter((event) => {
        if (seen.has(event.uuid)) return false;
        seen.add(event.uuid);
        return event.status !== 'trash' && overlaps(event, startUtc, endUtc);
      });
    },

    /**
     * Every event of the calendar that passes `test`, soonest first, trash and series rules
     * left out (a series shows through its occurrences): the first `limit`, and how many in all.
     */
    async matching(
      test: (event: CalendarEvent) => boolean,
      limit: number,
    ): Promise<{ events: CalendarEvent[]; total: number }> {
      const found = await db.events
        .orderBy('startUtc')
        .filter((event) => event.status !== 'trash' && !event.recurrence && test(event))
        .toArray();
      return { events: found.slice(0, limit), total: found.length };
    },

    /** Whether any event is outside the trash: one read of the status index, not a count. */
    async hasAny(): Promise<boolean> {
      return (await db.events.where('status').notEqual('trash').limit(1).count()) > 0;
    },

    /**
     * The series an event belongs to (its rule, for the editor): itself when it is one, its
     * series when it is an occurrence, else undefined.
     */
    seriesOf: (event: CalendarEvent) => seriesOf(db, event),

    /**
     * The events booked at a venue that end at or after `fromUtc` (UTC text), trash and series'
     * rules left out: what the clashes view watches, venue by venue (clash-watch.ts).
     */
    bookedAt: async (venueUuid: string, fromUtc: string): Promise<CalendarEvent[]> => {
      // The venue's index range read whole (getAll), then filtered here: a Dexie filter() would
      // walk a cursor, a task per record.
      const booked = await db.events.where('venueUuid').equals(venueUuid).toArray();
      return booked.filter(
        (event) => event.endUtc >= fromUtc && event.status !== 'trash' && !event.recurrence,
      );
    },

    linkedTo(field: 'venueUuid' | 'organizerUuids' | 'categoryUuids' | 'tagUuids', uuid: string) {
      // A series shows through its occurrences.
      return db.events
        .where(field)
        .equals(uuid)
        .filter((event) => !event.recurrence)
        .toArray();
    },
  };
}
