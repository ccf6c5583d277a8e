/**
 * One registry of commands in Chromium: the palette finds and runs them, their keys run them
 * (sequences included), and no key fires while the user types in a field.
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import { expect, test } from './fixtures.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';

const en = RESOURCES.en.common;

test('the palette finds a command by its name and runs it', async ({ page }) => {
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.view('monthView').click();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: en.commands.palette });
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox').fill('week');
  await expect(
    palette.getByRole('option', { name: new RegExp(en.commands.weekView) }),
  ).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(calendar.view('weekView')).toHaveAttribute('aria-pressed', 'true');
});

test('keys run commands, sequences too, but never while typing', async ({ page }) => {
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.view('monthView').click();
  await calendar.title.click();
  await page.keyboard.press('g');
  await page.keyboard.press('v');
  await expect(page.getByRole('heading', { name: en.nav.venues, level: 2 })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(calendar.toolbar).toBeVisible();

  await page.getByRole('searchbox', { name: en.filters.search }).fill('');
  await page.getByRole('searchbox', { name: en.filters.search }).press('w');
  await expect(calendar.view('monthView')).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('searchbox', { name: en.filters.search }).fill('');
  await calendar.title.click();
  await page.keyboard.press('w');
  await expect(calendar.view('weekView')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('n');
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: en.editor.newEvent }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});
