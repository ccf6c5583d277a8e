/**
 * `npm run bench:editor-clashes`: the editor's clashes view at 100k events, in Chromium. The
 * view follows every change of the replica: it watches each venue's bookings from now on in the
 * replica (IndexedDB, through the editor's own repos) and lists the clashes
 * (renderer/data/clash-watch.ts, clash-list.ts). editor-clashes-page.ts, bundled here with
 * Vite, fills a replica in the page and times the first list and the list after a change;
 * no server is involved. Every event is ahead (the worst case: the view reads only those), at
 * 20 venues (5k each) and at 2,000; then at 2,000 venues with five years behind as well, half
 * the events (a venue's history, which the view need not read).
 * Figures, not assertions: run it on a quiet machine.
 */
import { chromium } from '@playwright/test';
import { build, type Rollup } from 'vite';
import { CHROMIUM_ARGS, findChromium } from '../browser.mjs';
import { here } from './processes.ts';
import type { PageFigures } from './editor-clashes-page.ts';

const events = Number(process.env.BENCH_EVENTS ?? 100_000);
const ORIGIN = 'http://bench.marquee.invalid';

// Vite's library build, kept in memory: one script, the editor's modules in it.
const built = (await build({
  configFile: false,
  logLevel: 'silent',
  build: {
    write: false,
    minify: false,
    lib: { entry: here('./editor-clashes-page.ts'), formats: ['iife'], name: 'benchPage' },
  },
})) as Rollup.RollupOutput[];
const output = built[0]!.output;

const executablePath = findChromium();
if (!executablePath) {
  console.log('Chromium not found: no figures for the clashes view.');
  process.exit(0);
}
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  // An origin of its own, so the page has IndexedDB; nothing leaves the machine.
  await page.route(`${ORIGIN}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><meta charset="utf-8"><script>${output[0].code}</script>`,
    }),
  );
  await page.goto(`${ORIGIN}/`);
  for (const [venues, yearsBehind] of [
    [20, 0],
    [2_000, 0],
    [2_000, 5],
  ] as const) {
    const figures = await page.evaluate(
      ([events, venues, yearsBehind]) =>
        (
          globalThis as unknown as {
            benchEditorClashes: (e: number, v: number, behind: number) => Promise<PageFigures>;
          }
        ).benchEditorClashes(events, venues, yearsBehind),
      [events, venues, yearsBehind] as const,
    );
    const when = yearsBehind ? `over ${yearsBehind} years behind and 5 ahead` : 'ahead';
    console.log(
      `${events} events ${when} at ${venues} venues (replica filled in ${(figures.fillMs / 1000).toFixed(1)} s): ` +
        `first list ${figures.firstMs.toFixed(0)} ms (${figures.clashes} clashes); from a change to ` +
        `the list after it median ${figures.changeMs.toFixed(0)} ms, worst ${figures.worstMs.toFixed(0)} ms (15 changes)`,
    );
  }
} finally {
  await browser.close();
}
