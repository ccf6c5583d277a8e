/**
 * bench:site's reader: the calendar's REST API read without pause while it syncs or idles, and
 * the figures it prints (p99s to a tenth of a millisecond, the server's loop delay).
 */
import type { ChildProcess } from 'node:child_process';
import { loopDelay, type LoopDelay } from './processes.ts';

export const ms = (value: number) => `${Math.round(value)} ms`;
/** A p99 of a few milliseconds: rounded to whole ones, twice the idle value could read as 3×. */
const fine = (value: number) => `${value.toFixed(1)} ms`;
const p99 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor(values.length * 0.99))
  ] ?? NaN;

export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const begun = performance.now();
  const result = await work();
  return [result, performance.now() - begun];
}

/**
 * The calendar's event list read one request after another until `stop`, alternately as the
 * public (answered from the response cache while nothing changes) and with a token (never
 * cached): a sync's every write empties the cache, so the public's reads during a sync are
 * misses where the idle ones were hits; the token's are the same work either way, and show what
 * the sync itself makes a read wait.
 */
type Reads = { cached: number[]; uncached: number[] };

async function readWhile(origin: string, token: string, stop: { done: boolean }): Promise<Reads> {
  const reads: Reads = { cached: [], uncached: [] };
  const url = `${origin}/wp-json/tribe/events/v1/events?per_page=10`;
  const headers = { authorization: `Bearer ${token}` };
  while (!stop.done) {
    reads.cached.push((await timed(() => fetch(url).then((reply) => reply.text())))[1]);
    reads.uncached.push(
      (await timed(() => fetch(url, { headers }).then((reply) => reply.text())))[1],
    );
  }
  return reads;
}

type Calendar = { server: ChildProcess; origin: string };

/** `work` with the calendar read meanwhile: its result and time, the reads, the loop delay. */
export async function readDuring<T>(calendar: Calendar, token: string, work: () => Promise<T>) {
  await loopDelay(calendar.server);
  const stop = { done: false };
  const reads = readWhile(calendar.origin, token, stop);
  const [result, took] = await timed(work);
  stop.done = true;
  return { result, took, reads: await reads, loop: await loopDelay(calendar.server) };
}

/** Five seconds of reads of an idle server, and its loop delay meanwhile. */
export const idleFor = (calendar: Calendar, token: string) =>
  readDuring(calendar, token, () => new Promise((resolve) => setTimeout(resolve, 5000)));

const loop = (delay: LoopDelay) => `p99 ${delay.p99.toFixed(1)} ms, longest ${ms(delay.max)}`;

/** Reads' p99s (as the public, with a token) and the server's loop delay meanwhile. */
export const readFigures = (measured: { reads: Reads; loop: LoopDelay }) =>
  `p99 ${fine(p99(measured.reads.cached))} as the public, ${fine(p99(measured.reads.uncached))} with a token (${measured.reads.cached.length + measured.reads.uncached.length} reads), loop delay ${loop(measured.loop)}`;
