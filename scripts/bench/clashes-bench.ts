/**
 * `npm run bench:clashes`: double bookings on the seeded 100k-event calendar, in process over
 * a real store. Its events at 20 venues (5k each over five years, a busy venue's life) and at
 * 2k (the seed's spread): one write's check (the events one new event clashes with, as the
 * write command asks: the store's index, then the shared rule), and a year's clashes view of
 * every venue. Figures, not assertions: run it on a quiet machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { settingsSchema } from '#shared/schemas/settings.ts';
import { createDomainServices } from '#server/domain/domain-services.ts';
import type { DomainContext } from '#server/domain/context.ts';
import { createChangeLog } from '#server/store/change-log.repo.ts';
import type { StoredEvent } from '#server/store/events.repo.ts';
import { openStore } from '#server/store/open-store.ts';
import { FULL_SIZE, seedCalendar } from './seed.ts';

const PROBES = 2_000;
const events = Number(process.env.BENCH_EVENTS ?? FULL_SIZE.events);

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ??
  0;
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

function run(venues: number) {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-clashes-bench-'));
  const store = openStore(dir, { lock: false });
  try {
    seedCalendar(store, { ...FULL_SIZE, events, venues });
    // Every venue holds 30 minutes before and after its events.
    store.db.exec('UPDATE venues SET buffer_before = 30, buffer_after = 30');
    const services = createDomainServices(store.db, createChangeLog(store.db));
    const context: DomainContext = {
      actor: { id: 1, name: 'owner', role: 'admin' },
      language: 'en',
      now: new Date('2026-11-20T10:00:00Z'),
      settings: settingsSchema.parse({ timezone: 'Europe/Berlin' }),
    };
    const venueIds = (
      store.db.prepare('SELECT post_id FROM venues').all() as { post_id: number }[]
    ).map((row) => row.post_id);
    const [sample] = services.events.getMany([venueIds.at(-1)! + 1]);
    const from = Date.parse('2024-06-01T00:00:00Z');
    const times: number[] = [];
    let found = 0;
    for (let n = 0; n < PROBES; n += 1) {
      const start = from + Math.floor((n * 7919) % (5 * 365)) * 86_400_000 + 18 * 3_600_000;
      const probe: StoredEvent = {
        ...sample!,
        id: 0,
        venueId: venueIds[(n * 31) % venueIds.length]!,
        start: utc(start),
        end: utc(start + 2 * 3_600_000),
        startUtc: utc(start),
        endUtc: utc(start + 2 * 3_600_000),
        allDay: false,
        recurrence: null,
        recurrenceId: null,
        status: 'publish',
      };
      const began = performance.now();
      found += services.bookings.clashesOf(probe, context).length;
      times.push(performance.now() - began);
    }
    const years: number[] = [];
    let clashes = 0;
    for (let n = 0; n < 3; n += 1) {
      const began = performance.now();
      clashes = services.bookings.clashes(
        { start: '2026-01-01 00:00:00', end: '2027-01-01 00:00:00' },
        context,
      ).length;
      years.push(performance.now() - began);
    }
    console.log(
      `${events} events at ${venues} venues: one write's check p50 ${quantile(times, 0.5).toFixed(3)} ms, ` +
        `p99 ${quantile(times, 0.99).toFixed(3)} ms (${(found / PROBES).toFixed(1)} clashes each); ` +
        `a year's clashes of every venue ${quantile(years, 0.5).toFixed(0)} ms (${clashes} clashes)`,
    );
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

run(20);
run(FULL_SIZE.venues);
