/**
 * Category colours in Chromium: chosen in the category's editor, shown in the list of
 * categories and on the category's events in the calendar; events without a category are grey.
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import { adminHeaders, createEvent } from './api.ts';
import { expect, test } from './fixtures.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { readmeScreenshot } from './readme-screenshot.ts';

const en = RESOURCES.en.common;

test('draws a category’s events in the colour chosen for it, and events without one in grey', async ({
  page,
  request,
  pageErrors,
}) => {
  const stamp = Date.now();
  const name = `Cabaret ${stamp}`;
  const made = await request.post('/wp-json/tribe/events/v1/categories', {
    headers: adminHeaders,
    data: { name },
  });
  const category = (await made.json()) as { id: number };
  await createEvent(request, {
    title: `Coloured ${stamp}`,
    start_date: '2027-04-14 20:00:00',
    end_date: '2027-04-14 22:00:00',
    categories: [category.id],
  });
  await createEvent(request, {
    title: `Plain ${stamp}`,
    start_date: '2027-04-15 20:00:00',
    end_date: '2027-04-15 22:00:00',
  });

  await page.goto('/#/categories');
  await page.getByRole('link', { name }).click();
  const field = page.getByRole('group', { name: en.field.color });
  await expect(field.getByRole('button', { name: en.records.colorAutomatic })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await field.getByRole('button', { name: '#15803d' }).click();
  await expect(field.getByRole('button', { name: '#15803d' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: en.editor.save, exact: true }).click();
  await expect(page.getByRole('link', { name }).locator('.category-dot')).toHaveCSS(
    'background-color',
    'rgb(21, 128, 61)',
  );
  await readmeScreenshot(page, 'category-color');

  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.view('monthView').click();
  await calendar.goTo('2027-04-14');
  // A timed event in the month view is a dot in its colour: the colours drawn in the event.
  const dot = (title: string) =>
    calendar
      .event(title)
      .first()
      .evaluate((event) =>
        [event, ...event.querySelectorAll('*')]
          .flatMap((element) => {
            const style = getComputedStyle(element);
            return [style.backgroundColor, style.borderTopColor];
          })
          .filter(
            (color) => /^rgb\(/.test(color) && !/^rgb\((0, 0, 0|255, 255, 255)\)$/.test(color),
          ),
      );
  await expect.poll(() => dot(`Coloured ${stamp}`)).toContain('rgb(21, 128, 61)');
  await expect.poll(() => dot(`Plain ${stamp}`)).toContain('rgb(107, 114, 128)');

  // The settings list every category's colour too; a change there is the same field.
  await page.goto('/#/settings');
  const card = page.getByRole('region', { name: en.settings.categoryColors });
  const row = card.getByRole('group', { name });
  await expect(row.getByRole('button', { name: '#15803d' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await row.getByRole('button', { name: '#be123c' }).click();
  await expect(row.getByRole('button', { name: '#be123c' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goto('/#/categories');
  await expect(page.getByRole('link', { name }).locator('.category-dot')).toHaveCSS(
    'background-color',
    'rgb(190, 18, 60)',
  );
  expect(pageErrors).toEqual([]);
});
