/**
 * Printing a programme: the toolbar's "Print programme…" (or Ctrl+P) opens the dialog with the
 * month on screen; Print prints the programme alone (print CSS hides the app) under the
 * calendar's name, one event a line with its time (an event of many days once, with its dates),
 * title, venue, cost and categories, a short description if asked, in the UI language, as the
 * calendar's filters show them; the dialog closes when the printing is done. The list view
 * names each event's venue too.
 */
import type { Page } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { adminHeaders, createEvent } from './api.ts';
import { expect, test } from './fixtures.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { openIn } from './ui-language.ts';
import { readmeScreenshot } from './readme-screenshot.ts';

const en = RESOURCES.en.common;

/**
 * Counts window.print() calls instead of opening the browser's print dialog; `finishPrinting`
 * then says the dialog is done, as the browser does with 'afterprint'.
 */
async function countPrints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as { printed?: number }).printed = 0;
    window.print = () => {
      (window as { printed?: number }).printed! += 1;
    };
  });
}

const finishPrinting = (page: Page) =>
  page.evaluate(() => window.dispatchEvent(new Event('afterprint')));

// The name this file gives the calendar, given back for the specs after it.
test.afterAll(async ({ request }) => {
  await request.patch('/wp-json/marquee/v1/settings', {
    headers: adminHeaders,
    data: { name: 'Marquee' },
  });
});

test('prints the programme of the month on screen, and nothing else of the app', async ({
  page,
  request,
  pageErrors,
}) => {
  const stamp = Date.now();
  const venue = await request.post('/wp-json/tribe/events/v1/venues', {
    headers: adminHeaders,
    data: { venue: `Print hall ${stamp}` },
  });
  const { id: venueId } = (await venue.json()) as { id: number };
  await createEvent(request, {
    title: `Programme night ${stamp}`,
    excerpt: '<p>Big band &amp; <b>friends</b>.</p>',
    start_date: '2028-05-10 20:00:00',
    end_date: '2028-05-10 22:00:00',
    venue: venueId,
    cost: '12',
    categories: [`Printed ${stamp}`],
  });
  await createEvent(request, {
    title: `Programme fair ${stamp}`,
    start_date: '2028-05-11 00:00:00',
    end_date: '2028-05-11 23:59:59',
    all_day: true,
  });
  // Saturday and Sunday: printed once, under Saturday, with both dates.
  await createEvent(request, {
    title: `Winter Craft Fair ${stamp}`,
    start_date: '2028-05-13 00:00:00',
    end_date: '2028-05-14 23:59:59',
    all_day: true,
  });
  await countPrints(page);
  const calendar = new CalendarScreen(page);
  await calendar.open();
  // The calendar's name (Settings → Calendar) heads the programme.
  await page.goto('/#/settings');
  const settings = page.getByRole('region', { name: en.settings.calendar });
  await expect(settings.getByLabel(en.settings.name)).toHaveValue('Marquee');
  await settings.getByLabel(en.settings.name).fill('Winter Hall');
  await settings.getByRole('button', { name: en.editor.save }).click();
  await expect(settings.getByRole('status')).toHaveText(en.settings.saved);
  await page.goto('/');
  await calendar.view('monthView').click();
  await calendar.goTo('2028-05-10');
  // The list view names each event's venue.
  await calendar.view('listView').click();
  await expect(calendar.event(`Programme night ${stamp}`)).toContainText(`Print hall ${stamp}`);
  await calendar.view('monthView').click();
  await calendar.toolbar.getByRole('button', { name: en.commands.print }).click();
  const dialog = page.getByRole('dialog', { name: en.programme.title });
  await expect(dialog.getByLabel(en.files.from)).toHaveValue('05/01/2028');
  await expect(dialog.getByLabel(en.files.to)).toHaveValue('05/31/2028');
  await dialog.getByLabel(en.programme.descriptions).check();
  await readmeScreenshot(dialog, 'programme-dialog');
  await dialog.getByRole('button', { name: en.programme.print, exact: true }).click();
  expect(await page.evaluate(() => (window as { printed?: number }).printed)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  const programme = page.locator('.print-programme');
  await expect(programme).toBeVisible();
  await expect(page.getByRole('navigation')).toBeHidden();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(programme.getByRole('heading', { level: 1 })).toHaveText('Winter Hall');
  await expect(programme.locator('.programme-range')).toHaveText(
    'Programme: May 1, 2028 – May 31, 2028',
  );
  const night = programme.getByRole('listitem').filter({ hasText: `Programme night ${stamp}` });
  await expect(night).toContainText(/8:00\s?–\s?10:00\sPM/);
  await expect(night).toContainText(`Print hall ${stamp}`);
  await expect(night).toContainText('$12');
  await expect(night).toContainText(`Printed ${stamp}`);
  await expect(night.locator('.programme-description')).toHaveText('Big band & friends.');
  const fair = programme.getByRole('listitem').filter({ hasText: `Programme fair ${stamp}` });
  await expect(fair).toContainText(en.programme.allDay);
  const craftFair = programme
    .getByRole('listitem')
    .filter({ hasText: `Winter Craft Fair ${stamp}` });
  await expect(craftFair).toHaveCount(1);
  await expect(craftFair.locator('.programme-time')).toHaveText(/^May 13\s–\s14$/);
  await expect(
    programme.locator('section', { hasText: 'Saturday, May 13, 2028' }).getByRole('listitem'),
  ).toContainText([`Winter Craft Fair ${stamp}`]);
  await readmeScreenshot(page, 'programme', { fullPage: true });
  // The browser's print dialog is done: so is ours.
  await page.emulateMedia({ media: 'screen' });
  await expect(dialog).toBeVisible();
  await finishPrinting(page);
  await expect(dialog).toBeHidden();
  await expect(programme).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('prints in the UI language', async ({ page }) => {
  await countPrints(page);
  await openIn(page, 'ja');
  const ja = RESOURCES.ja.common;
  // The keys work once the app has mounted its commands, as its toolbar's print button shows.
  await expect(page.getByRole('button', { name: ja.commands.print })).toBeVisible();
  await page.keyboard.press('Control+p');
  const dialog = page.getByRole('dialog', { name: ja.programme.title });
  await dialog.getByLabel(ja.files.from).fill('2028/05/01');
  await dialog.getByLabel(ja.files.to).fill('2028/05/31');
  await dialog.getByLabel(ja.files.to).blur();
  await expect(dialog.getByLabel(ja.files.to)).toHaveValue('2028/05/31');
  await readmeScreenshot(dialog, 'programme-dialog-ja');
  await dialog.getByRole('button', { name: ja.programme.print, exact: true }).click();
  await page.emulateMedia({ media: 'print' });
  const programme = page.locator('.print-programme');
  await expect(programme.locator('.programme-range')).toHaveText(/^プログラム：2028年5月1日/);
  const craftFair = programme.getByRole('listitem').filter({ hasText: 'Winter Craft Fair' });
  await expect(craftFair.locator('.programme-time')).toHaveText(/^0?5\/13～0?5\/14$/);
  await readmeScreenshot(page, 'programme-ja', { fullPage: true });
});
