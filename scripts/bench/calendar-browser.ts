/**
 * The month view in Chromium once the editor's replica is full: the first paint with events
 * after a reload, next / previous month, and typing in the search filter. Times are taken in the
 * page (performance.now, a key's event.timeStamp), so Playwright's round trips are not in them;
 * each ends at the frame after the change (requestAnimationFrame, then a task).
 */
import { chromium, type Page } from '@playwright/test';
import en from '#shared/i18n/locales/en/common.json' with { type: 'json' };
import { CHROMIUM_ARGS, findChromium } from '../browser.mjs';
import { BENCH_OWNER_KEY } from './processes.ts';

export type Month = { title: string; days: string[] };
type Probe = { tasks: Entry[]; keyMs: number[]; eventsAt?: number; contentAt?: number };
type Entry = { name: string; startTime: number; duration: number };

// Code handed to the page runs in Chromium, but tsconfig.json checks scripts/ without the DOM
// library: these declare the little of the browser it uses, and the page's probe.
type El = { textContent: string | null; click(): void };
declare const probe: Probe;
declare const document: { querySelector(selector: string): El | null };
type Observer<Seen> = new (seen: Seen) => { observe(...args: object[]): void; disconnect(): void };
declare const MutationObserver: Observer<() => void>;
declare const PerformanceObserver: Observer<(list: { getEntries(): Entry[] }) => void>;
declare function requestAnimationFrame(callback: () => void): number;
declare function addEventListener(
  type: string,
  on: (e: { timeStamp: number }) => void,
  capture: true,
): void;
type Request<T> = { result: T; onsuccess: () => void };
type Database = {
  objectStoreNames: { contains(name: string): boolean };
  transaction(name: string): { objectStore(name: string): { count(): Request<number> } };
  close(): void;
};
declare const indexedDB: {
  databases(): Promise<{ name?: string }[]>;
  open(name: string): Request<Database>;
};

const EVENT = '[role="cell"] .event-title';
const HEADING = `[role="toolbar"][aria-label="${en.calendar.toolbar}"] h2`;

/** Runs before the app on every load: long tasks, first paints, each key until its frame. */
function watch(label: string): void {
  const state: Probe = { tasks: [], keyMs: [] };
  Object.assign(globalThis, { probe: state });
  const observe = (type: string, seen: (entry: Entry) => void) =>
    new PerformanceObserver((list) => list.getEntries().forEach(seen)).observe({
      type,
      buffered: true,
    });
  observe('longtask', (task) => state.tasks.push(task));
  observe('paint', (paint) => {
    if (paint.name === 'first-contentful-paint') state.contentAt = paint.startTime;
  });
  let keyAt = 0;
  addEventListener('keydown', (key) => (keyAt = key.timeStamp), true);
  // The key's time is read at its input event: a later key may land before that frame.
  const handled = (pressed: number) => () =>
    setTimeout(() => state.keyMs.push(performance.now() - pressed));
  addEventListener('input', () => requestAnimationFrame(handled(keyAt)), true);
  const loading = new MutationObserver(() => {
    if (!document.querySelector(label)) return;
    loading.disconnect();
    requestAnimationFrame(() => setTimeout(() => (state.eventsAt = performance.now())));
  });
  loading.observe(document, { childList: true, subtree: true });
}

/** Clicks, and resolves with the ms until the frame after `month` is named and has events. */
function timeClick({ button, heading, month }: { button: unknown; heading: string; month: Month }) {
  const cells = month.days.map((day) => `[role="cell"][data-date="${day}"] .event-title`);
  return new Promise<number>((resolve, reject) => {
    const begun = performance.now();
    const observer = new MutationObserver(() => {
      if (document.querySelector(heading)?.textContent !== month.title) return;
      if (!document.querySelector(cells.join(', '))) return;
      observer.disconnect();
      clearTimeout(timeout);
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - begun)));
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
    const timeout = setTimeout(reject, 10_000, new Error(`${month.title} was not shown`));
    (button as El).click();
  });
}

/** Events in the page's replica; 0 until the app has created it (opening it first would). */
const eventCount = (page: Page) =>
  page.evaluate(async () =>
    (await indexedDB.databases()).some((known) => known.name === 'marquee')
      ? new Promise<number>((resolve) => {
          const opening = indexedDB.open('marquee');
          opening.onsuccess = () => {
            const db = opening.result;
            if (!db.objectStoreNames.contains('events')) return resolve((db.close(), 0));
            const count = db.transaction('events').objectStore('events').count();
            count.onsuccess = () => resolve((db.close(), count.result));
          };
        })
      : 0,
  );

const tasksSince = async (page: Page, from: number) =>
  (await page.evaluate(() => probe.tasks.map((task) => [task.startTime, task.duration])))
    .filter(([start]) => start! >= from)
    .map(([, duration]) => duration!);

export async function calendarFigures(
  origin: string,
  events: number,
  [first, ...rest]: [Month, ...Month[]],
  word: string,
) {
  const executablePath = findChromium();
  if (!executablePath) return undefined;
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ extraHTTPHeaders: { 'X-Marquee-Key': BENCH_OWNER_KEY } });
    await page.addInitScript(watch, EVENT);
    const begun = performance.now();
    await page.goto(origin);
    while ((await eventCount(page)) < events) await page.waitForTimeout(250);
    const syncMs = performance.now() - begun;

    // The view and the date are kept (localStorage, sessionStorage): the reload shows this month.
    const toolbar = page.getByRole('toolbar', { name: en.calendar.toolbar });
    await toolbar.getByRole('button', { name: en.commands.monthView, exact: true }).click();
    await toolbar.getByLabel(en.commands.goToDate).fill(first.days[0]!);
    await toolbar.getByRole('heading', { name: first.title }).waitFor();
    await page.reload();
    await page.waitForFunction(() => probe.eventsAt !== undefined);
    const [eventsMs, contentMs] = await page.evaluate(() => [probe.eventsAt!, probe.contentAt!]);
    const load = { eventsMs, contentMs, tasks: await tasksSince(page, 0) };

    const navFrom = await page.evaluate(() => performance.now());
    const navMs: number[] = [];
    for (const [round, month] of rest.entries()) {
      const way = round < rest.length / 2 ? en.commands.next : en.commands.previous;
      const button = await toolbar.getByRole('button', { name: way }).elementHandle();
      navMs.push(await page.evaluate(timeClick, { button, heading: HEADING, month }));
    }
    const navTasks = await tasksSince(page, navFrom);

    const search = page.getByRole('searchbox', { name: en.filters.search });
    await search.focus();
    const typingFrom = await page.evaluate(() => performance.now());
    // About a person's pace; a key that waits for a busy page keeps the time it was pressed.
    await search.pressSequentially(word, { delay: 150 });
    await page.waitForFunction((keys) => probe.keyMs.length === keys, word.length);
    const titles = await page.locator(EVENT).allTextContents();
    if (titles.some((title) => !title.toLowerCase().includes(word.toLowerCase())))
      throw new Error(`the grid still shows events without “${word}”`);
    const keyMs = await page.evaluate(() => probe.keyMs);
    const typing = { keyMs, tasks: await tasksSince(page, typingFrom), shown: titles.length };
    return { syncMs, load, navMs, navTasks, typing };
  } finally {
    await browser.close();
  }
}
