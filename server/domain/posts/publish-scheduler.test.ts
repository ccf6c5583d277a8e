import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../clock.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import { createPublishScheduler } from './publish-scheduler.ts';
import type { ScheduledPostsRepo } from '../../store/scheduled-posts.repo.ts';

const START = new Date('2026-11-20T10:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** Scheduled posts in memory, and a change log that counts its writes. */
function world() {
  const posts: { id: number; date: string; status: 'future' | 'publish' }[] = [];
  const listeners = new Set<(rev: number) => void>();
  let seq = 0;
  const changes = {
    write<T>(work: (rev: number) => T): T {
      const result = work((seq += 1));
      for (const listener of listeners) listener(seq);
      return result;
    },
    onCommit(listener: (rev: number) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // No file's import writes aside here.
    writable: () => undefined,
  } as unknown as ChangeLog;
  const scheduled: ScheduledPostsRepo = {
    nextDue: () =>
      posts
        .filter((post) => post.status === 'future')
        .map((post) => post.date)
        .sort()[0],
    publishDue(nowUtc) {
      const due = posts.filter((post) => post.status === 'future' && post.date <= nowUtc);
      for (const post of due) post.status = 'publish';
      return due.map((post) => ({ id: post.id, kind: 'event' as const }));
    },
  };
  const clock = fixedClock(START);
  const scheduler = createPublishScheduler({ scheduled, changes, clock });
  /** Lets real time pass: the fake timers and the clock together. */
  const pass = (ms: number) => {
    clock.advance(ms);
    vi.advanceTimersByTime(ms);
  };
  /** A post written (and committed) with this publication date. */
  const schedule = (id: number, ms: number) =>
    changes.write(() => void posts.push({ id, date: utc(ms), status: 'future' }));
  return {
    posts,
    clock,
    scheduled,
    scheduler,
    pass,
    schedule,
    writes: () => seq,
    status: (id: number) => posts.find((post) => post.id === id)?.status,
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the publish scheduler', () => {
  it('catches up at start, then publishes each post at its moment without a request', () => {
    const w = world();
    w.posts.push({ id: 1, date: utc(START.getTime() - HOUR), status: 'future' });
    w.posts.push({ id: 2, date: utc(START.getTime() + HOUR), status: 'future' });
    w.scheduler.start();
    expect([w.status(1), w.status(2), w.writes()]).toEqual(['publish', 'future', 1]);
    w.pass(HOUR - 1000);
    expect(w.status(2)).toBe('future');
    w.pass(1000);
    expect([w.status(2), w.writes()]).toEqual(['publish', 2]);
    w.scheduler.stop();
  });

  it('writes nothing (no new revision) when nothing is due', () => {
    const w = world();
    w.scheduler.start();
    expect(w.scheduler.publishDue()).toBe(0);
    w.scheduler.catchUp();
    expect(w.writes()).toBe(0);
    w.scheduler.stop();
  });

  it('re-arms after a write that brings the next moment closer', () => {
    const w = world();
    w.scheduler.start();
    w.schedule(1, START.getTime() + 5 * HOUR);
    w.schedule(2, START.getTime() + HOUR);
    w.pass(HOUR);
    expect([w.status(1), w.status(2)]).toEqual(['future', 'publish']);
    w.pass(4 * HOUR);
    expect(w.status(1)).toBe('publish');
    w.scheduler.stop();
  });

  it('waits beyond the longest timer delay, and stops waiting when stopped', () => {
    const w = world();
    w.scheduler.start();
    w.schedule(1, START.getTime() + 60 * DAY);
    w.pass(30 * DAY);
    expect(w.status(1)).toBe('future');
    w.pass(30 * DAY);
    expect(w.status(1)).toBe('publish');

    w.schedule(2, START.getTime() + 61 * DAY);
    w.scheduler.stop();
    w.pass(DAY);
    expect(w.status(2)).toBe('future');
  });

  it('publishes on a request when the timer is late (catchUp)', () => {
    const w = world();
    w.scheduler.start();
    w.schedule(1, START.getTime() + HOUR);
    // The clock passes the moment before the timer fires (a machine asleep through it).
    w.clock.advance(HOUR);
    expect(w.status(1)).toBe('future');
    w.scheduler.catchUp();
    expect([w.status(1), w.writes()]).toEqual(['publish', 2]);
    w.scheduler.stop();
  });

  it('after a failed write, tries again a minute later, not at every request', () => {
    const w = world();
    w.scheduler.start();
    w.schedule(1, START.getTime() + HOUR);
    w.clock.advance(HOUR);
    const failing = vi.spyOn(w.scheduled, 'publishDue').mockImplementation(() => {
      throw new Error('database or disk is full');
    });
    w.scheduler.catchUp();
    w.scheduler.catchUp();
    w.scheduler.catchUp();
    expect(failing).toHaveBeenCalledTimes(1);
    failing.mockRestore();
    w.pass(60_000);
    expect(w.status(1)).toBe('publish');
    w.scheduler.stop();
  });
});
