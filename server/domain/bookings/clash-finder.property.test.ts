/**
 * The clash finder (the store's index, then the shared rule) against a brute-force check of
 * every pair, written apart from it: random events at two venues with random buffers, in
 * several zones, all-day ones, drafts and trashed ones, and series with a moved occurrence
 * (an exception), written through the write command into a real store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { settingsSchema } from '#shared/schemas/settings.ts';
import { createChangeLog } from '../../store/change-log.repo.ts';
import { openStore } from '../../store/open-store.ts';
import type { StoredEvent } from '../../store/events.repo.ts';
import { createDomainServices } from '../domain-services.ts';
import type { DomainContext } from '../context.ts';

const ZONES = ['UTC', 'America/New_York', 'Asia/Tokyo', 'Pacific/Kiritimati', 'Europe/London'];
const STATUSES = ['publish', 'publish', 'publish', 'draft', 'pending', 'private'] as const;

const venueArb = fc.record({
  bufferBefore: fc.constantFrom(0, 0, 15, 60),
  bufferAfter: fc.constantFrom(0, 30, 90),
});

const eventArb = fc.record({
  venue: fc.constantFrom(0, 1, 1, null),
  // A few busy days, so that bookings meet, touch and just miss each other.
  day: fc.integer({ min: 0, max: 2 }),
  minute: fc.integer({ min: 8 * 4, max: 24 * 4 - 1 }).map((quarter) => quarter * 15),
  length: fc.constantFrom(0, 30, 60, 90, 120, 240, 600, 1500),
  allDay: fc.constantFrom(false, false, false, true),
  days: fc.integer({ min: 0, max: 1 }),
  zone: fc.constantFrom(...ZONES),
  status: fc.constantFrom(...STATUSES),
  trashed: fc.constantFrom(false, false, false, true),
  /** A daily series of this many occurrences (0: a single event). */
  repeats: fc.constantFrom(0, 0, 0, 3),
  /** The series' second occurrence moved by this many minutes (0: not). */
  moved: fc.constantFrom(0, 0, 45, -90),
});

const calendarArb = fc.record({
  zone: fc.constantFrom(...ZONES),
  holds: fc.boolean(),
  venues: fc.tuple(venueArb, venueArb),
  events: fc.array(eventArb, { minLength: 2, maxLength: 14 }),
});

const local = (at: DateTime) => at.toFormat('yyyy-MM-dd HH:mm:ss');

/** The brute force: each booking's blocked range, by hand, and every overlapping pair. */
function bruteForce(
  stored: StoredEvent[],
  buffers: Map<number, { bufferBefore: number; bufferAfter: number }>,
  calendar: { zone: string; holds: boolean },
): Set<string> {
  const counted = stored.filter(
    (event) =>
      event.venueId !== null &&
      !event.recurrence &&
      (['publish', 'private', 'future'].includes(event.status) ||
        (calendar.holds && ['draft', 'pending'].includes(event.status))),
  );
  const range = (event: StoredEvent) => {
    const buffer = buffers.get(event.venueId!)!;
    let from: number;
    let to: number;
    if (event.allDay) {
      from = DateTime.fromISO(event.start.slice(0, 10), { zone: calendar.zone }).toMillis();
      to = DateTime.fromISO(event.end.slice(0, 10), { zone: calendar.zone })
        .plus({ days: 1 })
        .toMillis();
    } else {
      from = DateTime.fromSQL(event.startUtc, { zone: 'UTC' }).toMillis();
      to = DateTime.fromSQL(event.endUtc, { zone: 'UTC' }).toMillis();
    }
    if (to <= from) to = from + 1;
    return { from: from - buffer.bufferBefore * 60_000, to: to + buffer.bufferAfter * 60_000 };
  };
  const pairs = new Set<string>();
  for (const a of counted)
    for (const b of counted) {
      if (a.id >= b.id || a.venueId !== b.venueId) continue;
      const x = range(a);
      const y = range(b);
      if (x.from < y.to && y.from < x.to) pairs.add(`${a.id}-${b.id}`);
    }
  return pairs;
}

describe('the clash finder', () => {
  it('agrees with a brute-force check of every pair', () => {
    fc.assert(
      fc.property(calendarArb, (calendar) => {
        const dir = mkdtempSync(join(tmpdir(), 'marquee-clashes-'));
        const store = openStore(dir, { lock: false });
        try {
          const services = createDomainServices(store.db, createChangeLog(store.db));
          const context: DomainContext = {
            actor: { id: 1, name: 'owner', role: 'admin' },
            language: 'en',
            now: new Date('2026-11-20T10:00:00Z'),
            settings: settingsSchema.parse({ timezone: calendar.zone, clashHolds: calendar.holds }),
          };
          const venues = calendar.venues.map((venue, index) =>
            services.venues.create({ name: { en: `Hall ${index}` }, ...venue }, context),
          );
          const buffers = new Map(venues.map((venue) => [venue.id, venue]));
          const base = DateTime.fromISO('2026-12-01T00:00:00');
          for (const [index, event] of calendar.events.entries()) {
            const start = base.plus({ days: event.day, minutes: event.minute });
            const end = event.allDay
              ? start.plus({ days: event.days })
              : start.plus({ minutes: event.length });
            const venue = event.venue === null ? null : venues[event.venue]!;
            const stored = services.events.create(
              {
                title: { en: `Event ${index}` },
                start: local(start),
                end: local(end),
                timezone: event.zone,
                allDay: event.allDay,
                status: event.status,
                venueUuid: venue?.uuid ?? null,
                ...(event.repeats
                  ? {
                      recurrence: {
                        rrule: `FREQ=DAILY;COUNT=${event.repeats}`,
                        rdates: [],
                        exdates: [],
                      },
                    }
                  : {}),
              },
              context,
            );
            if (event.repeats && event.moved) {
              const second = services.events
                .getMany([stored.id + 2])
                .find((one) => one.parentId === stored.id);
              if (second)
                services.events.update(
                  second.id,
                  {
                    start: local(DateTime.fromSQL(second.start).plus({ minutes: event.moved })),
                    end: local(DateTime.fromSQL(second.end).plus({ minutes: event.moved })),
                  },
                  context,
                );
            }
            if (event.trashed) services.events.remove(stored.id, false, context);
          }
          const ids = (
            store.db.prepare('SELECT post_id FROM events').all() as { post_id: number }[]
          ).map((row) => row.post_id);
          const stored = services.events.getMany(ids);
          const expected = bruteForce(stored, buffers, calendar);
          // Each event's clashes, as the write command and answers find them: each event's
          // own list must be whole (a pair found from one side only is not enough).
          for (const event of stored) {
            if (event.recurrence) continue;
            const partners = [...expected]
              .map((pair) => pair.split('-').map(Number))
              .filter((pair) => pair.includes(event.id))
              .map(([a, b]) => (a === event.id ? b : a))
              .sort((a, b) => a! - b!);
            const found = services.events
              .clashesOf(event, context)
              .map((other) => other.id)
              .sort((a, b) => a - b);
            expect(found, `event ${event.id}`).toEqual(partners);
          }
          // The clashes view over the whole range finds the same pairs.
          const listed = services.bookings
            .clashes({ start: '2026-11-01 00:00:00', end: '2027-01-01 00:00:00' }, context)
            .map(({ events: [a, b] }) => `${Math.min(a.id, b.id)}-${Math.max(a.id, b.id)}`);
          expect(listed.sort()).toEqual([...expected].sort());
        } finally {
          store.close();
          rmSync(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: 50 },
    );
  }, 120_000);
});
