/**
 * The calendar by keyboard alone: a skip link, the dates as one Tab stop moved with the arrows,
 * an event created, edited and moved to the trash, and after each dialog the focus back where
 * the user was (never on the page's body, where the next Tab starts again from the top). An
 * untouched form closes without asking; the one-key shortcuts can be turned off.
 */
import type { Page } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { eventsNamed } from './api.ts';
import { expect, test } from './fixtures.ts';

const en = RESOURCES.en.common;

/** What has the focus: its role and name, as a screen reader says it ("body" for none). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    return `${active.getAttribute('role') ?? active.tagName.toLowerCase()}: ${
      active.getAttribute('aria-label') ?? (active as HTMLElement).innerText.trim().slice(0, 60)
    }`;
  });

const mainText = (page: Page) =>
  page.evaluate(() => document.querySelector('main')!.innerText.trim().slice(0, 60));

/** Tabs until the focus is on `name` (a button's text), at most `limit` times. */
async function tabTo(page: Page, name: string, limit = 60): Promise<void> {
  for (let tab = 0; tab < limit; tab += 1) {
    if ((await focused(page)).includes(name)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`no "${name}" within ${limit} Tabs; at ${await focused(page)}`);
}

test('creates, edits and trashes an event by keyboard, the focus back where it was after each dialog', async ({
  page,
  request,
  pageErrors,
}) => {
  const stamp = Date.now();
  await page.goto('/');
  await page.getByRole('main').waitFor();
  await page
    .getByRole('link', { name: /^Go to / })
    .first()
    .waitFor();

  // The first Tab shows the skip link; it leads to the dates, today's in the Tab order.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: en.app.skipToContent });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  const today = new Date().toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'Europe/Berlin',
  });
  expect(await focused(page)).toBe(`link: Go to ${today}`);
  // One Tab stop for the dates: the arrows move among them, and the month stays.
  const title = page.getByRole('toolbar', { name: en.calendar.toolbar }).getByRole('heading');
  const month = await title.textContent();
  await page.keyboard.press('ArrowRight');
  expect(await focused(page)).not.toBe(`link: Go to ${today}`);
  await page.keyboard.press('ArrowLeft');
  expect(await focused(page)).toBe(`link: Go to ${today}`);
  await expect(title).toHaveText(month!);
  const tabbableDates = await page
    .locator('#calendar-grid [role="link"]')
    .evaluateAll((links) => links.filter((link) => (link as HTMLElement).tabIndex === 0).length);
  expect(tabbableDates).toBe(1);

  // Create: n, a title, Enter; the focus comes back to the date.
  await page.keyboard.press('n');
  const editor = page.getByRole('dialog', { name: en.editor.newEvent });
  await expect(editor).toBeVisible();
  await expect(editor.getByLabel(en.field.title)).toBeFocused();
  await page.keyboard.type(`Keyed ${stamp}`);
  await page.keyboard.press('Enter');
  await expect(editor).toBeHidden();
  expect(await focused(page)).toBe(`link: Go to ${today}`);
  await expect.poll(async () => (await eventsNamed(request, `Keyed ${stamp}`)).length).toBe(1);

  // Edit: Tab to the event, Enter, a new title, Enter; the focus comes back to the event.
  await tabTo(page, `Keyed ${stamp}`, 20);
  await page.keyboard.press('Enter');
  const existing = page.getByRole('dialog', { name: en.editor.editEvent });
  await expect(existing).toBeVisible();
  await existing.getByLabel(en.field.title).press('End');
  await page.keyboard.type(' (sold out)');
  await page.keyboard.press('Enter');
  await expect(existing).toBeHidden();
  await expect.poll(() => focused(page)).toContain(`Keyed ${stamp} (sold out)`);

  // Trash: Enter, Tab to "Move to trash", Enter; the event is gone, so the focus goes to the
  // page's main region, not to its body.
  await page.keyboard.press('Enter');
  await expect(existing).toBeVisible();
  await tabTo(page, en.editor.trash);
  await page.keyboard.press('Enter');
  await expect(existing).toBeHidden();
  await expect(page.getByRole('link', { name: new RegExp(`Keyed ${stamp}`) })).toHaveCount(0);
  await expect.poll(() => focused(page)).toBe('main: ' + (await mainText(page)));
  await expect.poll(async () => (await eventsNamed(request, `Keyed ${stamp}`)).length).toBe(0);
  expect(pageErrors).toEqual([]);
});

test('closes an untouched form at once, and Escape answers "Discard your changes?" as Keep editing', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('main').waitFor();
  await page.keyboard.press('n');
  const editor = page.getByRole('dialog', { name: en.editor.newEvent });
  await expect(editor).toBeVisible();
  // Through every field, changing nothing.
  for (let tab = 0; tab < 40; tab += 1) await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();

  await page.keyboard.press('n');
  await expect(editor).toBeVisible();
  // Every field reached by Tab shows the app's focus ring (2 px), the description's and the
  // date fields' too, not none or the browser's thin default.
  const rings = new Map<string, string>();
  for (let tab = 0; tab < 40; tab += 1) {
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement;
      const style = getComputedStyle(active);
      const name =
        active.getAttribute('aria-label') ??
        (active.id && document.querySelector(`label[for="${active.id}"]`)?.textContent) ??
        active.tagName;
      return [name, `${style.outlineStyle} ${style.outlineWidth}`];
    });
    rings.set(ring[0]!, ring[1]!);
  }
  expect(rings.get(en.field.description)).toBe('solid 2px');
  expect(rings.get(en.field.start)).toBe('solid 2px');
  expect([...rings.values()].filter((ring) => !ring.startsWith('solid 2px'))).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();

  await page.keyboard.press('n');
  await expect(editor).toBeVisible();
  await page.keyboard.type('Half typed');
  await page.keyboard.press('Escape');
  const question = editor.getByRole('alertdialog', { name: en.editor.discardQuestion });
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(editor).toBeVisible();
  await expect(editor.getByLabel(en.field.title)).toHaveValue('Half typed');
});

test('turns the one-key shortcuts off in Settings, and never runs them from a select', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('main').waitFor();
  const month = page.getByRole('button', { name: en.commands.monthView, exact: true });
  const week = page.getByRole('button', { name: en.commands.weekView, exact: true });
  await month.click();
  // A select takes letters of its own (to find an option).
  await page.getByRole('combobox', { name: en.field.categoryUuids }).focus();
  await page.keyboard.press('w');
  await expect(month).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/#/settings');
  const singleKeys = page.getByRole('checkbox', { name: en.keyboard.singleKeys });
  await expect(singleKeys).toBeChecked();
  await singleKeys.uncheck();
  await page.goto('/');
  await page.getByRole('main').waitFor();
  await page.locator('body').press('w');
  await expect(month).toHaveAttribute('aria-pressed', 'true');
  // The command palette (Ctrl+K) stays.
  await page.keyboard.press('Control+k');
  await page.keyboard.type(en.commands.weekView);
  await page.keyboard.press('Enter');
  await expect(week).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/#/settings');
  await singleKeys.check();
  await page.goto('/');
  await page.getByRole('main').waitFor();
  await page.locator('body').press('m');
  await expect(month).toHaveAttribute('aria-pressed', 'true');
});

test.describe('in the hour when the browser’s date is not the calendar’s', () => {
  // The suite's calendar is in Europe/Berlin; at 23:30 UTC it is already the next day there.
  test.use({ timezoneId: 'UTC' });

  test('leads the skip link to the calendar’s today, the date marked as today', async ({
    page,
    pageErrors,
  }) => {
    await page.clock.install({ time: new Date('2026-11-28T23:30:00Z') });
    await page.goto('/');
    await page
      .getByRole('link', { name: /^Go to / })
      .first()
      .waitFor();
    await expect(page.locator('[aria-current="date"]')).toHaveAttribute('data-date', '2026-11-29');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('link: Go to November 29, 2026');
    expect(pageErrors).toEqual([]);
  });
});
