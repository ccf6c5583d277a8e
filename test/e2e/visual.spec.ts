/**
 * The main screens compared pixel by pixel with their reference pictures (test/e2e/visual/):
 * the month and week views, the event editor and a venue, in English and Japanese, light and
 * dark. The calendar is one of its own (its own server, the same events each run) and the
 * page's clock is fixed, so a picture changes only when the screen does; the tolerance takes
 * anti-aliasing, not a moved or missing element.
 *
 * A picture depends on the browser and the fonts: the references were made with those named in
 * test/e2e/visual/made-with.json. On a machine with others the comparison says so and is skipped;
 * `npm run screenshots:visual` makes the references there (and the file naming them).
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import type { Language } from '#shared/languages.ts';
import { E2E_ADMIN_TOKEN } from '../../playwright.config.ts';
import { freePort } from '../../scripts/free-port.ts';
import { adminHeaders } from './api.ts';
import { expect, test } from './fixtures.ts';
import { serve, stopped } from './own-server.ts';

const MADE_WITH = join(import.meta.dirname, 'visual', 'made-with.json');
const DAY = '2027-10-14';

type Environment = { chromium: string; fonts: string };

/** The browser's version and a digest of the fonts this machine has (their families and styles). */
function environment(chromium: string): Environment {
  let fonts: string;
  try {
    fonts = execFileSync('fc-list', [':', 'family', 'style'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .sort()
      .join('\n');
  } catch {
    return { chromium, fonts: 'unknown (no fc-list)' };
  }
  return { chromium, fonts: createHash('sha256').update(fonts).digest('hex').slice(0, 16) };
}

const folder = mkdtempSync(join(tmpdir(), 'marquee-e2e-visual-'));
let server: ChildProcess | undefined;
let url = '';

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = await serve(port, folder, { adminToken: E2E_ADMIN_TOKEN, timezone: 'Europe/Berlin' });
  const venue = await request.post(`${url}/wp-json/tribe/events/v1/venues`, {
    headers: adminHeaders,
    data: { venue: 'Main Hall', city: 'Lyon', country: 'France' },
  });
  expect(venue.status()).toBe(201);
  const venueId = ((await venue.json()) as { id: number }).id;
  // Categories with colours of their own (an automatic colour follows the random uuid).
  const colours = { Concerts: '#b5452a', Choir: '#4338ca', Films: '#0f766e' };
  const pushed = await request.post(`${url}/wp-json/marquee/v1/sync/push`, {
    headers: adminHeaders,
    data: {
      clientId: 'visual-spec-categories',
      mutations: Object.entries(colours).map(([name, color], index) => ({
        kind: 'category',
        op: 'create',
        uuid: randomUUID(),
        baseRev: 0,
        mutationId: index + 1,
        fields: { name: { en: name }, color },
      })),
    },
  });
  expect(pushed.status()).toBe(200);
  const listed = await request.get(
    `${url}/wp-json/tribe/events/v1/categories?per_page=50&hide_empty=0`,
  );
  const categories = ((await listed.json()) as { categories: { id: number; name: string }[] })
    .categories;
  const idOf = (name: string) => categories.find((category) => category.name === name)!.id;
  const events = [
    { title: 'Jazz night', start: '14 19:00', end: '14 21:30', categories: [idOf('Concerts')] },
    { title: 'Choir rehearsal', start: '12 18:00', end: '12 20:00', categories: [idOf('Choir')] },
    { title: 'Book fair', start: '11 00:00', end: '13 23:59', all_day: true },
    { title: 'Film club', start: '15 20:00', end: '15 22:00', categories: [idOf('Films')] },
    { title: 'Open rehearsal', start: '21 10:00', end: '21 12:00', categories: [idOf('Choir')] },
  ];
  for (const { title, start, end, ...rest } of events) {
    const made = await request.post(`${url}/wp-json/tribe/events/v1/events`, {
      headers: adminHeaders,
      data: {
        title,
        start_date: `2027-10-${start}:00`,
        end_date: `2027-10-${end}:00`,
        venue: venueId,
        cost: '12',
        ...rest,
      },
    });
    expect(made.status()).toBe(201);
  }
});

test.afterAll(async () => {
  if (server) await stopped(server);
  rmSync(folder, { recursive: true, force: true });
});

/** Opens the calendar on the fixed day, in `language` and `scheme`, once the replica has it all. */
async function open(page: Page, language: Language, scheme: 'light' | 'dark') {
  await page.clock.setFixedTime(new Date(`${DAY}T08:00:00Z`));
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  await page.addInitScript(
    (chosen) => localStorage.setItem('marquee.uiLanguage', chosen),
    language,
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${url}/`);
  const common = RESOURCES[language].common;
  await expect(page.getByRole('status', { name: common.sync.label })).toContainText(
    common.sync.synced,
  );
}

for (const language of ['en', 'ja'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the main screens look as they should (${language}, ${scheme})`, async ({
      page,
      browser,
    }) => {
      const here = environment(browser.version());
      const updating = ['all', 'changed'].includes(test.info().config.updateSnapshots);
      if (updating) writeFileSync(MADE_WITH, `${JSON.stringify(here, null, 2)}\n`);
      const made = JSON.parse(readFileSync(MADE_WITH, 'utf8')) as Environment;
      test.skip(
        made.chromium !== here.chromium || made.fonts !== here.fonts,
        `The reference pictures were made with Chromium ${made.chromium} and fonts ${made.fonts}; this machine has Chromium ${here.chromium} and fonts ${here.fonts}: npm run screenshots:visual makes them here.`,
      );
      const common = RESOURCES[language].common;
      const name = (screen: string) => `${screen}-${language}-${scheme}.png`;
      await open(page, language, scheme);
      const toolbar = page.getByRole('toolbar', { name: common.calendar.toolbar });
      await toolbar.getByRole('button', { name: common.commands.monthView, exact: true }).click();
      await toolbar.getByLabel(common.commands.goToDate).fill(DAY);
      const jazz = page.getByRole('button', { name: /Jazz night/ }).first();
      await expect(jazz).toBeVisible();
      await expect(page).toHaveScreenshot(name('month'));

      await toolbar.getByRole('button', { name: common.commands.weekView, exact: true }).click();
      await expect(jazz).toBeInViewport();
      await expect(page).toHaveScreenshot(name('week'));

      await jazz.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByLabel(common.field.title, { exact: true })).toHaveValue(
        'Jazz night',
      );
      await expect(page).toHaveScreenshot(name('event-editor'));
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await page.goto(`${url}/#/venues`);
      await page.getByText('Main Hall (Lyon)').click();
      await expect(page.getByRole('textbox', { name: common.field.city })).toHaveValue('Lyon');
      await expect(page).toHaveScreenshot(name('venue'));
    });
  }
}
