import { afterEach, describe, expect, it } from 'vitest';
import type { Snapshot, SnapshotReason } from '#shared/schemas/snapshot.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import { fixedClock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { ChangeLog } from '../store/change-log.repo.ts';
import { createDailySnapshots, type DailySnapshots } from './daily-snapshots.ts';
import type { Snapshots } from './snapshots.service.ts';

const HOUR = 3_600_000;

/** What catchUp() scheduled has run (setImmediate runs before this one). */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Snapshots kept in memory: each remembers the change sequence it was made at. */
function fakeSnapshots(seq: () => number) {
  const made: { created: Date; reason: SnapshotReason; seq: number }[] = [];
  let failing = false;
  const snapshots = {
    newestInRotation: () => {
      const newest = made.filter((entry) => entry.reason === 'daily').at(-1);
      return newest && { created: newest.created, seq: newest.seq };
    },
    async createAside(reason: SnapshotReason, now: Date): Promise<Snapshot> {
      await Promise.resolve();
      if (failing) throw new Error('disk full');
      made.push({ created: now, reason, seq: seq() });
      return {
        name: 'marquee-x.db',
        created: toUtcString(now),
        reason,
        size: 1,
        events: 0,
      };
    },
  };
  return {
    snapshots: snapshots as unknown as Snapshots,
    made,
    fail: (value: boolean) => (failing = value),
  };
}

let daily: DailySnapshots | undefined;
afterEach(() => daily?.stop());

function setup() {
  let seq = 0;
  const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
  const changes = { latest: () => seq } as ChangeLog;
  const fake = fakeSnapshots(() => seq);
  const errors: unknown[][] = [];
  const logger: Logger = { info() {}, warn() {}, error: (...parts) => errors.push(parts) };
  daily = createDailySnapshots({ snapshots: fake.snapshots, changes, clock, logger });
  return { daily, clock, fake, errors, change: () => (seq += 1) };
}

describe('the daily snapshot', () => {
  it('is due when there is none, then a day later if the calendar changed', async () => {
    const { daily, clock, fake, change } = setup();
    expect((await daily.snapshotIfDue())?.reason).toBe('daily');
    expect(await daily.snapshotIfDue()).toBeUndefined();
    change();
    clock.advance(24 * HOUR - 1);
    expect(await daily.snapshotIfDue()).toBeUndefined();
    clock.advance(1);
    expect((await daily.snapshotIfDue())?.created).toBe('2026-11-21 10:00:00');
    // Unchanged since: nothing new to keep, however long it waits.
    clock.advance(10 * 24 * HOUR);
    expect(await daily.snapshotIfDue()).toBeUndefined();
    expect(fake.made).toHaveLength(2);
  });

  it('catches up after a request, with one comparison while nothing is due', async () => {
    const { daily, clock, fake, change } = setup();
    daily.start();
    daily.catchUp();
    await tick();
    expect(fake.made).toHaveLength(1);
    daily.catchUp();
    change();
    clock.advance(23 * HOUR);
    daily.catchUp();
    await tick();
    expect(fake.made).toHaveLength(1);
    clock.advance(HOUR);
    daily.catchUp();
    await tick();
    expect(fake.made).toHaveLength(2);
  });

  it('never makes it inside the request: once per due moment, however many ask', async () => {
    const { daily, fake } = setup();
    daily.start();
    daily.catchUp();
    daily.catchUp();
    // The request that asked is answered first.
    expect(fake.made).toHaveLength(0);
    await tick();
    expect(fake.made).toHaveLength(1);
    daily.catchUp();
    await tick();
    expect(fake.made).toHaveLength(1);
  });

  it('drops a scheduled one when stopped', async () => {
    const { daily, fake } = setup();
    daily.start();
    daily.catchUp();
    daily.stop();
    await tick();
    expect(fake.made).toHaveLength(0);
  });

  it('starts none for a request still in flight once stopped', async () => {
    const { daily, fake } = setup();
    daily.start();
    daily.stop();
    daily.catchUp();
    await tick();
    expect(fake.made).toHaveLength(0);
  });

  it('logs a failure and tries again an hour later, not at every request', async () => {
    const { daily, clock, fake, errors } = setup();
    daily.start();
    fake.fail(true);
    daily.catchUp();
    await tick();
    daily.catchUp();
    await tick();
    expect(errors).toHaveLength(1);
    fake.fail(false);
    clock.advance(HOUR - 1);
    daily.catchUp();
    await tick();
    expect(fake.made).toHaveLength(0);
    clock.advance(1);
    daily.catchUp();
    await tick();
    expect(fake.made).toHaveLength(1);
  });

  it('runs once when its timer and a request find it due in the same turn', async () => {
    const { daily, fake, errors } = setup();
    daily.start();
    fake.fail(true);
    daily.catchUp();
    // A busy server: the timer's moment passes before the scheduled run's turn comes.
    const until = Date.now() + 5;
    while (Date.now() < until);
    await tick();
    await tick();
    expect(errors).toHaveLength(1);
  });
});
