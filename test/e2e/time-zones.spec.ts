/**
 * Time zones that never surprise, in Chromium: a new calendar's welcome asks for
 * its zone, content language and currency; the zone picker names zones as people know them,
 * grouped, with offsets and a search; a new calendar zone is saved only after saying what it
 * does; an event in another zone says so in the editor and the list.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { serveCli, type CliServer } from '../support/cli-process.ts';
import { OWNER_KEY_HEADERS } from '../../playwright.config.ts';
import { createEvent } from './api.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { expect, test } from './fixtures.ts';
import { openIn } from './ui-language.ts';
import { readmeScreenshot } from './readme-screenshot.ts';

const en = RESOURCES.en.common;
const ja = RESOURCES.ja.common;
const TOKEN = 'welcome-owner-token-0123456789';

test.describe('a new calendar', () => {
  let server: CliServer;
  let dataDir: string;
  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'marquee-welcome-'));
    // The machine's zone under the name V8 still gives it: the calendar takes the current one.
    server = await serveCli(['--data', dataDir, '--admin-token', TOKEN], {
      TZ: 'Asia/Calcutta',
    });
  });
  test.afterAll(async () => {
    server.process.kill('SIGTERM');
    await server.exit;
    rmSync(dataDir, { recursive: true, force: true });
  });
  const settings = async () =>
    (
      (await (
        await fetch(`${server.url}/wp-json/marquee/v1/settings`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        })
      ).json()) as { settings: Record<string, unknown> }
    ).settings;

  test('asks for its zone, language and currency once, then changes the zone only after saying what it does', async ({
    page,
    browser,
    pageErrors,
  }) => {
    expect(await settings()).toMatchObject({ timezone: 'Asia/Kolkata', confirmed: false });
    // As a venue in Japan first sees it (a screenshot for the README), then in English.
    const elsewhere = await browser.newContext({ extraHTTPHeaders: OWNER_KEY_HEADERS });
    const japanese = await elsewhere.newPage();
    await openIn(japanese, 'ja', server.url);
    await expect(japanese.getByRole('dialog', { name: ja.welcome.heading })).toBeVisible();
    await readmeScreenshot(japanese, 'welcome-ja');
    await elsewhere.close();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(server.url);
    const welcome = page.getByRole('dialog', { name: en.welcome.heading });
    await expect(welcome).toBeVisible();
    const zone = welcome.getByLabel(en.summary.timezone, { exact: true });
    await expect(zone).toHaveValue('Asia/Kolkata');
    await expect(zone.locator('option:checked')).toHaveText('Kolkata (UTC+05:30)');
    await expect(welcome.getByText('India Standard Time')).toBeVisible();
    await expect(zone.locator('option', { hasText: 'Calcutta' })).toHaveCount(0);
    await expect(zone.locator('optgroup[label="Europe"]')).toHaveCount(1);

    // Escape does not skip it: the answers are needed (and preselected: one click takes them).
    await page.keyboard.press('Escape');
    await expect(welcome).toBeVisible();
    await welcome.getByLabel(en.zone.search).fill('tokyo');
    await welcome.getByLabel(en.zone.search).press('Enter');
    await expect(zone).toHaveValue('Asia/Tokyo');
    await welcome.getByLabel(en.summary.defaultLanguage).selectOption('ja');
    await welcome.getByLabel(en.settings.currencySymbol).fill('¥');
    await welcome.getByLabel(en.settings.currencyCode).fill('JPY');
    await readmeScreenshot(page, 'welcome');
    await welcome.getByRole('button', { name: en.welcome.start }).click();
    await expect(welcome).toBeHidden();
    expect(await settings()).toMatchObject({
      timezone: 'Asia/Tokyo',
      defaultLanguage: 'ja',
      currency: { symbol: '¥', code: 'JPY' },
      confirmed: true,
    });
    await page.reload();
    await expect(page.getByRole('toolbar', { name: en.calendar.toolbar })).toBeVisible();
    await expect(welcome).toBeHidden();

    await page.goto(`${server.url}/#/settings`);
    const card = page.getByRole('region', { name: en.settings.calendar });
    const summary = page.getByRole('region', { name: en.summary.heading });
    await expect(summary).toContainText('Asia/Tokyo');
    await card.getByLabel(en.zone.search).fill('new york');
    await card.getByLabel(en.zone.search).press('Enter');
    await card.getByRole('button', { name: en.editor.save }).click();
    const question = card.getByRole('alertdialog');
    await expect(question).toContainText('an event at 19:00 in Asia/Tokyo still starts at 19:00');
    await expect(
      question.getByRole('button', { name: en.settings.zoneChangeConfirm }),
    ).toBeFocused();
    expect((await settings()).timezone).toBe('Asia/Tokyo');
    await readmeScreenshot(page, 'zone-change');
    await question.getByRole('button', { name: en.settings.zoneChangeConfirm }).click();
    await expect(card.getByRole('status')).toHaveText(en.settings.saved);
    expect((await settings()).timezone).toBe('America/New_York');
    // The summary says the zone in force without waiting for a reload or the health poll.
    await expect(summary).toContainText('America/New_York');
    expect(pageErrors).toEqual([]);
  });
});

test('an event in another zone says its own time in the list and its calendar time in the editor', async ({
  page,
  request,
  pageErrors,
}) => {
  const title = `Tokyo stream ${Date.now()}`;
  // The e2e calendar is in Europe/Berlin: 19:00 in Tokyo on 10 March is 11:00 there.
  await createEvent(request, {
    title,
    start_date: '2027-03-10 19:00:00',
    end_date: '2027-03-10 21:00:00',
    timezone: 'Asia/Tokyo',
  });
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.view('listView').click();
  await calendar.goTo('2027-03-10');
  const entry = calendar.event(title);
  await expect(entry).toContainText('11:00');
  await expect(entry).toContainText('(19:00 Asia/Tokyo)');
  await readmeScreenshot(page, 'list-other-zone');
  await calendar.event(title).click();
  const editor = page.getByRole('dialog');
  await expect(editor.getByLabel(en.field.timezone, { exact: true })).toHaveAccessibleDescription(
    /Not the calendar's zone \(Europe\/Berlin\): the calendar shows this event starting .*11:00/,
  );
  expect(pageErrors).toEqual([]);
});

test('the zone picker names zones in the UI language and finds them by either name (bg)', async ({
  page,
  pageErrors,
}) => {
  const bg = RESOURCES.bg.common;
  await openIn(page, 'bg');
  await page.getByRole('main').waitFor();
  await page.keyboard.press('n');
  const editor = page.getByRole('dialog');
  const zone = editor.getByLabel(bg.field.timezone, { exact: true });
  const search = editor.getByLabel(bg.zone.search);
  // The calendar's zone, by its Bulgarian name and country (Chromium names countries, not cities).
  await expect(zone.locator('option:checked')).toHaveText(
    'Централноевропейско време · Германия (UTC+01:00)',
  );
  // Found by the name in the UI language, the English place, or the IANA name.
  await search.fill('Япония');
  await expect(zone).toHaveValue('Asia/Tokyo');
  await expect(zone.locator('option:checked')).toHaveText('Японско стандартно време (UTC+09:00)');
  await search.fill('');
  await search.fill('new york');
  await expect(zone).toHaveValue('America/New_York');
  await search.fill('');
  await search.fill('Europe/Sofia');
  await expect(zone).toHaveValue('Europe/Sofia');
  await expect(zone.locator('option:checked')).toHaveText(
    'Източноевропейско време · България (UTC+02:00)',
  );
  await search.fill('');
  await readmeScreenshot(editor.locator('.when'), 'zone-picker-bg');
  expect(pageErrors).toEqual([]);
});
