/**
 * Loaded into the benched server (`--import`): how long its only thread stood still, as the
 * event loop's delay. A read that arrives then waits that long, whatever the load generator
 * sees, so this is the figure for "reads wait behind writes" that moves least with the
 * machine. Asked over the IPC channel the bench opens ("loop-delay": the figures since the
 * last ask, then starts again).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();

process.on('message', (message) => {
  if (message !== 'loop-delay') return;
  const ms = (nanoseconds: number) => nanoseconds / 1e6;
  process.send?.({ p99: ms(delay.percentile(99)), max: ms(delay.max) });
  delay.reset();
});
// The channel must not keep the server alive once it is told to stop.
process.channel?.unref();
