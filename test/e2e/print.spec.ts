/**
 * Printing a programme: Ctrl+P in the calendar opens "Print…" with the month on screen; Print
 * prints the programme alone (print CSS hides the app), one event a line with its time, title,
 * venue, cost and categories, in the UI language, as the calendar's filters show them. The
 * list view names each event's venue too.
 */
import type { Page } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { adminHeaders, createEvent } from './api.ts';
import { expect, test } from './fixtures.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { openIn } from './ui-language.ts';
import { readmeScreenshot } from './readme-screenshot.ts';

const en = RESOURCES.en.common;

/** Counts window.print() calls instead of opening the browser's print dialog. */
async function countPrints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as { printed?: number }).printed = 0;
    window.print = () => {
      (window as { printed?: number }).printed! += 1;
    };
  });
}

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
  await countPrints(page);
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.view('monthView').click();
  await calendar.goTo('2028-05-10');
  // The list view names each event's venue.
  await calendar.view('listView').click();
  await expect(calendar.event(`Programme night ${stamp}`)).toContainText(`Print hall ${stamp}`);
  await calendar.view('monthView').click();
  await page.keyboard.press('Control+p');
  const dialog = page.getByRole('dialog', { name: en.programme.title });
  await expect(dialog.getByLabel(en.files.from)).toHaveValue('05/01/2028');
  await expect(dialog.getByLabel(en.files.to)).toHaveValue('05/31/2028');
  await dialog.getByRole('button', { name: en.programme.print, exact: true }).click();
  expect(await page.evaluate(() => (window as { printed?: number }).printed)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  const programme = page.locator('.print-programme');
  await expect(programme).toBeVisible();
  await expect(page.getByRole('navigation')).toBeHidden();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(programme.getByRole('heading', { level: 1 })).toHaveText(
    'Programme: May 1, 2028 – May 31, 2028',
  );
  const night = programme.getByRole('listitem').filter({ hasText: `Programme night ${stamp}` });
  await expect(night).toContainText(/8:00\s?–\s?10:00\sPM/);
  await expect(night).toContainText(`Print hall ${stamp}`);
  await expect(night).toContainText('$12');
  await expect(night).toContainText(`Printed ${stamp}`);
  const fair = programme.getByRole('listitem').filter({ hasText: `Programme fair ${stamp}` });
  await expect(fair).toContainText(en.programme.allDay);
  await readmeScreenshot(page, 'programme', { fullPage: true });
  expect(pageErrors).toEqual([]);
});

test('prints in the UI language', async ({ page }) => {
  await countPrints(page);
  await openIn(page, 'ja');
  await page.keyboard.press('Control+p');
  const ja = RESOURCES.ja.common;
  const dialog = page.getByRole('dialog', { name: ja.programme.title });
  await dialog.getByLabel(ja.files.from).fill('2028-05-01');
  await dialog.getByLabel(ja.files.to).fill('2028-05-31');
  await dialog.getByRole('button', { name: ja.programme.print, exact: true }).click();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.print-programme h1')).toHaveText(/^プログラム：2028年5月1日/);
  await readmeScreenshot(page, 'programme-ja', { fullPage: true });
});
