/**
 * One registry of commands in Chromium: the palette finds and runs them, their keys run them
 * (sequences included), and no key fires while the user types in a field.
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import { createEvent } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openIn } from './ui-language.ts';
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

test('? lists the shortcuts, the palette opens from inside a field and finds them by "help"', async ({
  page,
  pageErrors,
}) => {
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.title.click();
  await page.keyboard.press('Shift+Slash');
  const shortcuts = page.getByRole('dialog', { name: en.commands.shortcuts });
  await expect(shortcuts).toBeVisible();
  const paletteRow = shortcuts.locator('dl > div').filter({ hasText: en.commands.palette });
  await expect(paletteRow.locator('kbd')).toHaveText('Ctrl+K');
  await expect(shortcuts.locator('kbd', { hasText: /^\?$/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();

  // Typed into a field, `?` is text; Ctrl+K still opens the palette.
  const search = page.getByRole('searchbox', { name: en.filters.search });
  await search.fill('jazz?');
  await expect(shortcuts).toBeHidden();
  await search.press('Control+k');
  const palette = page.getByRole('dialog', { name: en.commands.palette });
  await expect(palette).toBeVisible();
  for (const word of ['shortcuts', 'keys', 'help']) {
    await palette.getByRole('combobox').fill(word);
    await expect(
      palette.getByRole('option', { name: new RegExp(en.commands.shortcuts) }),
    ).toBeVisible();
  }
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(shortcuts).toBeVisible();
  expect(pageErrors).toEqual([]);
});

for (const ui of ['en', 'ja'] as const) {
  test(`lists the shortcuts in the UI language, each on one line (${ui})`, async ({ page }) => {
    const common = RESOURCES[ui].common;
    await openIn(page, ui);
    await page.getByRole('heading', { level: 2 }).first().click();
    await page.keyboard.press('Shift+Slash');
    const shortcuts = page.getByRole('dialog', { name: common.commands.shortcuts });
    await expect(shortcuts.getByText(common.commands.palette, { exact: true })).toBeVisible();
    const rows = shortcuts.locator('dl > div');
    // One line each: a row no taller than twice its text's line.
    const wrapped = await rows.evaluateAll(
      (list) =>
        list.filter(
          (row) =>
            row.getBoundingClientRect().height >
            2.2 * parseFloat(getComputedStyle(row).fontSize) + 10,
        ).length,
    );
    expect(wrapped).toBe(0);
  });
}

test('Ctrl+Z undoes in a field that has no undo of its own, and not in one that does', async ({
  page,
  request,
}) => {
  const title = `Undo here ${Date.now()}`;
  await createEvent(request, {
    title,
    start_date: '2027-12-08 20:00:00',
    end_date: '2027-12-08 21:00:00',
  });
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.view('monthView').click();
  await calendar.goTo('2027-12-08');
  await calendar.event(title).click();
  await page.getByRole('dialog').getByRole('button', { name: en.editor.trash }).click();
  await expect(calendar.event(title)).toBeHidden();
  // The search box undoes its own typing: the page's undo waits.
  const search = page.getByRole('searchbox', { name: en.filters.search });
  await search.fill('x');
  await search.press('Control+z');
  await expect(calendar.event(title)).toBeHidden();
  await search.fill('');
  // A list has no undo of its own: Ctrl+Z there is the page's.
  await page
    .getByRole('search', { name: en.filters.label })
    .getByLabel(en.field.categoryUuids)
    .press('Control+z');
  await expect(calendar.event(title)).toBeVisible();
});
