/**
 * The sync figures a user sees, in Chromium with its own IndexedDB: the editor opened on an
 * empty profile until its replica holds every event, then how long a change made through the
 * REST API takes to reach the open editor (poke, pull, write).
 */
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../browser.mjs';
import { BENCH_OWNER_KEY } from './processes.ts';

/** Events in the page's replica; 0 until the app has created it (opening it first would). */
const eventCount = (page: Page) =>
  page.evaluate(
    async () =>
      (await indexedDB.databases()).some((known) => known.name === 'marquee') &&
      new Promise<number>((resolve) => {
        const opening = indexedDB.open('marquee');
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('events')) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction('events').objectStore('events').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
        };
        opening.onerror = () => resolve(0);
      }),
  );

const titleOf = (page: Page, id: number) =>
  page.evaluate(
    (id) =>
      new Promise<string | undefined>((resolve) => {
        const opening = indexedDB.open('marquee');
        opening.onsuccess = () => {
          const db = opening.result;
          const read = db.transaction('events').objectStore('events').index('id').get(id);
          read.onsuccess = () => {
            db.close();
            resolve((read.result as { title?: { en?: string } } | undefined)?.title?.en);
          };
        };
      }),
    id,
  );

async function until(check: () => Promise<boolean>, pauseMs: number): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, pauseMs));
}

export type BrowserFigures = { firstSyncMs: number; changeMs: number[] } | undefined;

export async function browserFigures(
  origin: string,
  token: string,
  events: number,
  target: number,
  rounds: number,
): Promise<BrowserFigures> {
  const executablePath = findChromium();
  if (!executablePath) return undefined;
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ extraHTTPHeaders: { 'X-Marquee-Key': BENCH_OWNER_KEY } });
    const begun = performance.now();
    await page.goto(origin);
    await until(async () => Number(await eventCount(page)) >= events, 250);
    const firstSyncMs = performance.now() - begun;

    const changeMs: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const title = `Seen in the editor ${round}`;
      const sent = performance.now();
      await fetch(`${origin}/wp-json/tribe/events/v1/events/${target}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title }),
      });
      await until(async () => (await titleOf(page, target)) === title, 2);
      changeMs.push(performance.now() - sent);
    }
    return { firstSyncMs, changeMs };
  } finally {
    await browser.close();
  }
}
