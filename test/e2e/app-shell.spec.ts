/** The app frame in Chromium against `marquee serve`: status, languages, summary, API address. */
import { expect, test } from './fixtures.ts';
import { LANGUAGES } from '#shared/languages.ts';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { E2E_ADMIN_TOKEN } from '../../playwright.config.ts';
import { AppShellPage } from './pages/app-shell-page.ts';
import { inLanguage, readmeScreenshot } from './readme-screenshot.ts';

const en = RESOURCES.en.common;

test('shows the app frame, connected to its server, with no errors', async ({
  page,
  pageErrors,
}) => {
  const app = new AppShellPage(page);
  await app.open('settings');
  await expect(app.heading).toHaveText(en.app.name);
  await expect(app.syncStatus).toContainText(en.sync.synced);
  await expect(app.fact(en.summary.version)).toHaveText(/^Marquee \d+\.\d+\.\d+$/);
  await expect(app.fact(en.summary.timezone)).toHaveText('Europe/Berlin');
  await expect(app.fact(en.summary.defaultLanguage)).toHaveText('English');
  expect(pageErrors).toEqual([]);
});

test('says so when the server cannot be reached', async ({ page }) => {
  await page.route('**/wp-json/marquee/v1/health', (route) => route.abort());
  const app = new AppShellPage(page);
  await app.open();
  await expect(app.syncStatus).toContainText(en.sync.offline);
});

test('switches the UI language at run time and remembers it', async ({ page }) => {
  const app = new AppShellPage(page);
  await app.open('settings');
  await app.chooseLanguage('de');
  await expect(page.getByText(RESOURCES.de.common.app.tagline)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(app.syncStatus).toContainText(RESOURCES.de.common.sync.synced);
  await page.reload();
  await expect(app.languageSelect).toHaveValue('de');
  await expect(app.summary('de')).toBeVisible();
  await app.chooseLanguage('en');
  await expect(page.getByText(en.app.tagline)).toBeVisible();
});

test('renders every one of the eight languages from its own resources', async ({ page }) => {
  const app = new AppShellPage(page);
  await app.open('settings');
  for (const language of LANGUAGES) {
    await app.chooseLanguage(language);
    await expect(app.summary(language)).toBeVisible();
    await expect(page.getByText(RESOURCES[language].common.app.tagline)).toBeVisible();
  }
  await app.chooseLanguage('en');
});

test('counts the published venues the API holds', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
  const before = Number(
    (await request.get('/wp-json/tribe/events/v1/venues')).headers()['x-tec-total'],
  );
  const created = await request.post('/wp-json/tribe/events/v1/venues', {
    headers,
    data: { venue: `E2E Hall ${Date.now()}` },
  });
  expect(created.status()).toBe(201);
  await request.post('/wp-json/tribe/events/v1/venues', {
    headers,
    data: { venue: `E2E Draft ${Date.now()}`, status: 'draft' },
  });

  const app = new AppShellPage(page);
  await app.open('settings');
  await expect(app.count(en.summary.venues)).toHaveText(String(before + 1));
  const listed = await request.get('/wp-json/tribe/events/v1/venues');
  expect(Number(listed.headers()['x-tec-total'])).toBe(before + 1);
});

test('counts a series as its occurrences, as the calendar shows them', async ({
  page,
  request,
}) => {
  const headers = { authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
  const app = new AppShellPage(page);
  await app.open('settings');
  const events = app.count(en.summary.events);
  await expect(events).toHaveText(/^\d+$/);
  const before = Number(await events.textContent());
  const created = await request.post('/wp-json/tribe/events/v1/events', {
    headers,
    data: {
      title: `Weekly count ${Date.now()}`,
      start_date: '2027-02-05 19:00:00',
      end_date: '2027-02-05 21:00:00',
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  // Three occurrences on the calendar, three more events in its summary (not four).
  await expect(events).toHaveText(String(before + 3));
});

test('shows the API address for website builds, which answers, and copies it', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const app = new AppShellPage(page);
  await app.open('settings');
  const apiRoot = `${baseURL}/wp-json/tribe/events/v1/`;
  await expect(app.apiSection().getByRole('code')).toHaveText(apiRoot);
  const index = await request.get(apiRoot);
  expect(index.status()).toBe(200);
  expect(((await index.json()) as { namespace: string }).namespace).toBe('tribe/events/v1');

  await app.apiSection().getByRole('button', { name: en.api.copy }).click();
  await expect(app.apiSection().getByRole('button', { name: en.api.copied })).toBeVisible();
  // A string, not a function: this file is type-checked without the DOM library.
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(apiRoot);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`looks right in ${colorScheme} mode`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 1280, height: 800 });
    const app = new AppShellPage(page);
    await app.open();
    await expect(app.syncStatus).toContainText(en.sync.synced);
  });
}

test('a page that fails to draw says so in its place, and the rest of the app stays', async ({
  page,
}) => {
  // A zone this browser does not know (a newer one than its time zone data, say) makes its date
  // formatting throw while a page draws: a fault the page did not expect.
  let unknownZone = false;
  await page.route('**/wp-json/marquee/v1/health', async (route) => {
    const response = await route.fetch();
    const health = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: unknownZone ? { ...health, timezone: 'Mars/Olympus_Mons' } : health,
    });
  });
  const app = new AppShellPage(page);
  await app.open('trash');
  for (const language of ['en', 'ja'] as const) {
    await app.chooseLanguage(language);
    const words = RESOURCES[language].common.app.pageError;
    unknownZone = true;
    await page.reload();
    await page.goto('/#/');
    const failed = page.getByRole('alert').filter({ hasText: words.heading });
    await expect(failed).toContainText(/time zone/i);
    // The frame stays: the header says the line to the server, the sections can be opened.
    await expect(app.heading).toBeVisible();
    await expect(page.getByRole('navigation')).toBeVisible();
    await readmeScreenshot(page.locator('main'), inLanguage('page-error', language));
    unknownZone = false;
    await page.reload();
    await expect(failed).toBeHidden();
    await expect(
      page.getByRole('region', { name: RESOURCES[language].common.calendar.grid }),
    ).toBeVisible();
  }
  await app.chooseLanguage('en');
});
