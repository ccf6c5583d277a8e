import { describe, expect, it } from 'vitest';
import type { SnapshotReason } from '#shared/schemas/snapshot.ts';
import { snapshotsToPrune } from './retention.ts';
import { parseSnapshotName, snapshotFileName, type SnapshotName } from './snapshot-names.ts';

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);

function made(created: Date, reason: SnapshotReason = 'daily', copy = 1): SnapshotName {
  return { name: snapshotFileName(created, reason, copy), created, reason, copy };
}

/** One daily snapshot at 03:00 UTC on each of `days` days ending on `last`. */
function dailies(last: string, days: number): SnapshotName[] {
  const end = at(`${last}T03:00:00Z`).getTime();
  return Array.from({ length: days }, (_, index) => made(new Date(end - index * DAY)));
}

const kept = (all: SnapshotName[], now: Date, keep?: string[]) => {
  const pruned = new Set(snapshotsToPrune(all, now, keep));
  return all
    .filter((snapshot) => !pruned.has(snapshot.name))
    .map((snapshot) => snapshot.name)
    .sort();
};

describe('snapshot names', () => {
  it('say when (UTC, to the second) and why, and read back', () => {
    const created = at('2026-11-20T09:05:07Z');
    const name = snapshotFileName(created, 'before-import');
    expect(name).toBe('marquee-2026-11-20T090507Z-before-import.db');
    expect(parseSnapshotName(name)).toEqual({
      name,
      created,
      reason: 'before-import',
      copy: 1,
    });
    expect(parseSnapshotName(snapshotFileName(created, 'manual', 3))?.copy).toBe(3);
  });

  it.each([
    '../marquee.db',
    'marquee.db',
    'marquee-2026-11-20T090507Z-daily.db/../../x',
    'marquee-2026-11-20T090507Z-nightly.db',
    'marquee-2026-02-30T090507Z-daily.db',
    'marquee-2026-11-20T250507Z-daily.db',
    'marquee-2026-11-20T090507Z-daily-1.db',
    'marquee-2026-11-20T090507Z-daily.db.partial',
  ])('refuse %s', (name) => {
    expect(parseSnapshotName(name)).toBeUndefined();
  });
});

describe('snapshot retention', () => {
  it('keeps the newest of the last 7 days and of the last 4 ISO weeks', () => {
    // 60 days of dailies up to Sunday 2026-11-29.
    const all = dailies('2026-11-29', 60);
    const now = at('2026-11-29T12:00:00Z');
    expect(kept(all, now)).toEqual(
      [
        // The last seven days…
        ...['23', '24', '25', '26', '27', '28', '29'].map((day) => `2026-11-${day}`),
        // …and the Sundays ending the three ISO weeks before (the week of the 29th is kept).
        '2026-11-08',
        '2026-11-15',
        '2026-11-22',
      ]
        .map((day) => `marquee-${day}T030000Z-daily.db`)
        .sort(),
    );
  });

  it('counts days and weeks that have snapshots, so a calendar left alone keeps its history', () => {
    // One snapshot a week (nothing changed in between): all of the last four weeks' stay.
    const all = [0, 7, 14, 21, 28, 35].map((weeks) =>
      made(new Date(at('2026-11-29T03:00:00Z').getTime() - weeks * DAY)),
    );
    expect(kept(all, at('2026-11-29T12:00:00Z'))).toHaveLength(6);
    expect(snapshotsToPrune(all, at('2027-06-01T00:00:00Z'))).toEqual([]);
  });

  it('keeps every other snapshot for 7 days, beside the daily ones', () => {
    const now = at('2026-11-29T12:00:00Z');
    const morning = made(at('2026-11-29T09:00:00Z'), 'manual');
    const noon = made(at('2026-11-29T11:00:00Z'), 'manual');
    const restore = made(at('2026-11-23T12:00:01Z'), 'before-restore');
    const oldImport = made(at('2026-11-22T11:59:59Z'), 'before-import');
    const oldManual = made(at('2026-11-22T10:00:00Z'), 'manual');
    const daily = made(at('2026-11-29T03:00:00Z'));
    const all = [morning, noon, restore, oldImport, oldManual, daily];
    expect(snapshotsToPrune(all, now).sort()).toEqual([oldImport.name, oldManual.name].sort());
  });

  it('keeps at most the newest 5 of the others, however many a week brings', () => {
    const now = at('2026-11-29T12:00:00Z');
    // Eight large imports in one afternoon, an hour apart, beside the daily one.
    const imports = Array.from({ length: 8 }, (_, hour) =>
      made(new Date(at('2026-11-29T04:00:00Z').getTime() + hour * 3_600_000), 'before-import'),
    );
    const daily = made(at('2026-11-29T03:00:00Z'));
    expect(kept([...imports, daily], now)).toEqual(
      [daily, ...imports.slice(3)].map((snapshot) => snapshot.name).sort(),
    );
  });

  it('counts the others it is told to keep towards the 5', () => {
    const now = at('2026-11-29T12:00:00Z');
    const manuals = Array.from({ length: 6 }, (_, hour) =>
      made(new Date(at('2026-11-29T04:00:00Z').getTime() + hour * 3_600_000), 'manual'),
    );
    // Restoring the oldest one: it and the before-restore one stay, and the newest three.
    const restored = manuals[0]?.name ?? '';
    const before = made(at('2026-11-29T11:00:00Z'), 'before-restore');
    expect(kept([...manuals, before], now, [restored, before.name])).toEqual(
      [restored, before.name, ...manuals.slice(3).map((snapshot) => snapshot.name)].sort(),
    );
  });

  it('a day keeps its newest; a later one made the same second wins', () => {
    const first = made(at('2026-11-29T03:00:00Z'));
    const second = made(at('2026-11-29T03:00:00Z'), 'daily', 2);
    const earlier = made(at('2026-11-29T01:00:00Z'));
    expect(snapshotsToPrune([first, second, earlier], at('2026-11-29T12:00:00Z')).sort()).toEqual(
      [earlier.name, first.name].sort(),
    );
  });

  it('never prunes what it is told to keep', () => {
    const all = dailies('2026-11-29', 30);
    const oldest = all.at(-1)?.name ?? '';
    expect(snapshotsToPrune(all, at('2026-11-29T12:00:00Z'))).toContain(oldest);
    expect(snapshotsToPrune(all, at('2026-11-29T12:00:00Z'), [oldest])).not.toContain(oldest);
  });
});
