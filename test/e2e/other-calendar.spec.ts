/**
 * One address, two calendars: the editor is open on a port that serves one data folder, then
 * another (a hub tried on the laptop's port, a copy of last season's folder). The page opens the
 * calendar now served in a replica of its own and says so; the first calendar's records never
 * show in the second's editor, and they are all back when the first is served there again.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { E2E_ADMIN_TOKEN } from '../../playwright.config.ts';
import { freePort } from '../../scripts/free-port.ts';
import { adminHeaders } from './api.ts';
import { expect, test } from './fixtures.ts';
import { serve, stopped } from './own-server.ts';
import { AppShellPage } from './pages/app-shell-page.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { inLanguage, readmeScreenshot } from './readme-screenshot.ts';

const folders = [0, 1].map((index) =>
  mkdtempSync(join(tmpdir(), `marquee-e2e-calendar-${index}-`)),
);
let running: ChildProcess | undefined;

test.afterAll(async () => {
  if (running) await stopped(running);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const DAY = '2027-03-10';

test('opens the calendar its address serves now, in a copy of its own, and says so', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const [first, second] = folders as [string, string];
  /** Serves `folder` at the address; `title`: an event to add to it first. */
  const serveFolder = async (folder: string, title?: string) => {
    running = await serve(port, folder, { adminToken: E2E_ADMIN_TOKEN });
    if (!title) return;
    const made = await request.post(`${url}/wp-json/tribe/events/v1/events`, {
      headers: adminHeaders,
      data: { title, start_date: `${DAY} 19:00:00`, end_date: `${DAY} 21:00:00` },
    });
    expect(made.status()).toBe(201);
  };
  const calendar = new CalendarScreen(page);
  const shows = async (title: string, hidden: string) => {
    await calendar.toolbar.waitFor();
    await calendar.goTo(DAY);
    await expect(calendar.event(title)).toBeVisible();
    await expect(calendar.event(hidden)).toHaveCount(0);
  };
  const app = new AppShellPage(page);
  /** Serves another folder at the address; the page reopens by itself and says why. */
  const switchTo = async (folder: string, language: 'en' | 'ja', title?: string) => {
    await stopped(running!);
    const reopened = page.waitForEvent('load');
    await serveFolder(folder, title);
    await reopened;
    const notice = page.getByText(RESOURCES[language].common.sync.otherCalendar);
    await expect(notice).toBeVisible();
    await readmeScreenshot(
      page.locator('[data-sonner-toast]'),
      inLanguage('other-calendar', language),
    );
    await app.chooseLanguage('en');
  };

  await serveFolder(first, 'Quiz night');
  await page.goto(`${url}/`);
  await expect(app.syncStatus).toContainText(RESOURCES.en.common.sync.synced);
  await shows('Quiz night', 'Film club');

  await switchTo(second, 'en', 'Film club');
  await shows('Film club', 'Quiz night');

  // Back to the first folder, with the UI in Japanese: its own copy, as it was.
  await app.chooseLanguage('ja');
  await switchTo(first, 'ja');
  await shows('Quiz night', 'Film club');
});
