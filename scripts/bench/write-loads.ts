/**
 * The write loads of `npm run bench`: POST /events with 8 clients, then the benchmark's mix of reads
 * and writes on 64 connections (BENCH_MIXED_SECONDS, 30 by default), each with how long the
 * server's thread stood still meanwhile (processes.ts `loopDelay`).
 */
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { loopDelay, type LoopDelay } from './processes.ts';

export type Figures = { rps: number; p50: number; p99: number; cpuMicros: number; bytes: number };

/** The benchmark's mix: 64 connections, about a fifth of the requests writes. */
const MIXED_CONNECTIONS = 64;
const MIXED_WRITERS = 13;
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 30);

/** An autocannon run's figures; a run with failed requests measured nothing. */
export function figuresOf(result: autocannon.Result, what: string): Figures {
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${what}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMicros: Number.NaN,
    bytes: result.throughput.total / result.requests.total,
  };
}

type Target = { api: string; token: string; server: ChildProcess; seconds: number };

/** A new event each request, each with its own title (a flood of one title is another test). */
function creating(target: Target, connections: number, duration: number): autocannon.Options {
  return {
    url: `${target.api}/events`,
    method: 'POST',
    connections,
    duration,
    idReplacement: true,
    headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Bench write [<id>]',
      start_date: '2027-03-01 19:00:00',
      end_date: '2027-03-01 21:00:00',
      status: 'publish',
    }),
  };
}

/** The server's event-loop delay, as printed after each load. */
const stood = (delay: LoopDelay) =>
  `the server's thread stood still up to ${delay.max.toFixed(0)} ms (p99 ${delay.p99.toFixed(1)} ms)`;

/** Runs both loads one after the other; a line of figures for each. */
export async function writeLoads(target: Target): Promise<string[]> {
  await loopDelay(target.server);
  // The target: 1,000 writes/s, p50 3 ms.
  const writes = figuresOf(await autocannon(creating(target, 8, target.seconds)), 'POST /events');
  const writesDelay = await loopDelay(target.server);
  // Reads (anonymous lists, each after a write a cache miss) and writes at once.
  const [reading, writing] = await Promise.all([
    autocannon({
      url: `${target.api}/events?per_page=10`,
      connections: MIXED_CONNECTIONS - MIXED_WRITERS,
      duration: MIXED_SECONDS,
    }),
    autocannon(creating(target, MIXED_WRITERS, MIXED_SECONDS)),
  ]);
  const mixedDelay = await loopDelay(target.server);
  const reads = figuresOf(reading, 'mixed reads');
  const mixed = figuresOf(writing, 'mixed writes');
  const all = reads.rps + mixed.rps;
  return [
    `POST /events, 8 clients, ${target.seconds} s: ${writes.rps.toFixed(0)} writes/s, p50 ${writes.p50.toFixed(1)} ms, p99 ${writes.p99.toFixed(1)} ms; ${stood(writesDelay)}`,
    `Mixed, ${MIXED_CONNECTIONS} connections (${MIXED_CONNECTIONS - MIXED_WRITERS} reading GET /events?per_page=10, ${MIXED_WRITERS} writing), ${MIXED_SECONDS} s: ${all.toFixed(0)} requests/s (${((mixed.rps / all) * 100).toFixed(0)} % writes); reads p50 ${reads.p50.toFixed(1)} ms, p99 ${reads.p99.toFixed(1)} ms; writes p50 ${mixed.p50.toFixed(1)} ms, p99 ${mixed.p99.toFixed(1)} ms; ${stood(mixedDelay)}`,
  ];
}
