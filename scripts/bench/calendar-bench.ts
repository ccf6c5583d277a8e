/**
 * `npm run bench:calendar` (part of `npm run bench`): does the month view stay responsive with
 * 10k events in the replica? They all start within one year, some 830 a month (27 a day), the
 * hard case for a month grid. The server runs as its own process; Chromium opens the editor on an
 * empty profile until its replica is full, then calendar-browser.ts times the first paint with
 * events after a reload, next / previous month, and typing in the search filter.
 * Figures, not assertions.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calendarFigures, type Month } from './calendar-browser.ts';
import { startSeededServer } from './processes.ts';

const TOKEN = 'bench-calendar-token-0123456789';
const PORT = 8915;
const ROUNDS = 20;
const WORD = 'Jazz';
const events = Number(process.env.BENCH_EVENTS ?? 10_000);
const origin = `http://127.0.0.1:${PORT}`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/**
 * The seeded starts run from 2024-06-01 for a year, so July 2024 to May 2025 are full months:
 * from July, ten months forward and ten back. Days 15–22 are in no other month's grid.
 */
function month(offset: number): Month {
  const day = (n: number) => new Date(Date.UTC(2024, 6 + offset, n));
  const title = day(1).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const days = [15, 16, 17, 18, 19, 20, 21, 22].map((n) => day(n).toISOString().slice(0, 10));
  return { title, days };
}
const way = Array.from({ length: ROUNDS }, (_, n) => (n < ROUNDS / 2 ? n + 1 : ROUNDS - n - 1));
const MONTHS: [Month, ...Month[]] = [month(0), ...way.map(month)];

const tasks = (durations: number[]) =>
  `${durations.length} long tasks, longest ${ms(Math.max(0, ...durations))}, together ${ms(durations.reduce((sum, d) => sum + d, 0))}`;

const dir = mkdtempSync(join(tmpdir(), 'marquee-calendar-bench-'));
let server: ChildProcess | undefined;
try {
  server = await startSeededServer({
    dir,
    size: { events, venues: 200, organizers: 100, categories: 30, tags: 50, spanDays: 365 },
    port: PORT,
    token: TOKEN,
  });

  const figures = await calendarFigures(origin, events, MONTHS, WORD);
  if (!figures) console.log('Chromium not found: no figures for the calendar.');
  else {
    const { syncMs, load, navMs, navTasks, typing } = figures;
    const sorted = [...navMs].sort((a, b) => a - b);
    console.log(
      `Chromium, the editor opened on an empty profile until its replica holds ${events} events (one year, ~${Math.round(events / 12)} a month): ${(syncMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `Reload in month view (${MONTHS[0].title}), in the page from navigation start to the frame after its grid shows events: ${ms(load.eventsMs)} (first contentful paint ${ms(load.contentMs)}); ${tasks(load.tasks)}`,
    );
    console.log(
      `Next / previous month, ${navMs.length} rounds, in the page from the click to the frame after the heading names the month and its grid holds its events: median ${ms(sorted[Math.floor(sorted.length / 2)]!)}, worst ${ms(sorted.at(-1)!)}; ${tasks(navTasks)}`,
    );
    console.log(
      `Typing “${WORD}” in the search filter, a key every 150 ms, from each key's timestamp to the frame after the page handled it: last key ${ms(typing.keyMs.at(-1)!)}, worst ${ms(Math.max(...typing.keyMs))} (then ${typing.shown} event labels in the grid, all with the word); ${tasks(typing.tasks)}`,
    );
  }
} finally {
  // The server lets go of its data directory as it exits; removing it before can leave files.
  if (server?.kill('SIGINT')) await once(server, 'exit');
  rmSync(dir, { recursive: true, force: true });
}
