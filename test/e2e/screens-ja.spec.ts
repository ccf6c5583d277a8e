/**
 * The main screens in Japanese, as a venue in Japan sees them (and the README pictures them):
 * the month and week views and the event editor, with no text cut or spilling out of the
 * view switcher and the editor's buttons.
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import { createEvent } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openIn } from './ui-language.ts';
import { readmeScreenshot } from './readme-screenshot.ts';

const ja = RESOURCES.ja.common;

test('shows the month and week views and the event editor in Japanese', async ({
  page,
  request,
  pageErrors,
}) => {
  const title = '夜のジャズ';
  await createEvent(request, {
    title,
    start_date: '2027-10-14 19:00:00',
    end_date: '2027-10-14 21:30:00',
    categories: ['ジャズ'],
  });
  await createEvent(request, {
    title: '秋の古本市',
    start_date: '2027-10-11 00:00:00',
    end_date: '2027-10-13 23:59:59',
    all_day: true,
  });
  await openIn(page, 'ja');
  const toolbar = page.getByRole('toolbar', { name: ja.calendar.toolbar });
  await toolbar.getByRole('button', { name: ja.commands.monthView, exact: true }).click();
  await toolbar.getByLabel(ja.commands.goToDate).fill('2027-10-14');
  const event = page.getByRole('button', { name: new RegExp(title) }).first();
  await expect(event).toBeVisible();
  await readmeScreenshot(page, 'month-view-ja');

  await toolbar.getByRole('button', { name: ja.commands.weekView, exact: true }).click();
  await expect(event).toBeInViewport();
  await readmeScreenshot(page, 'week-view-ja');
  const cut = await toolbar
    .getByRole('button')
    .evaluateAll((buttons) => buttons.filter((b) => b.scrollWidth > b.clientWidth).length);
  expect(cut).toBe(0);

  await event.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(ja.field.title, { exact: true })).toHaveValue(title);
  await readmeScreenshot(page, 'event-editor-ja');
  expect(pageErrors).toEqual([]);
});

test('shows zones, category colours and a new venue’s address in Japanese', async ({
  page,
  request,
  pageErrors,
}) => {
  await createEvent(request, {
    title: 'ニューヨーク配信',
    start_date: '2027-10-20 19:00:00',
    end_date: '2027-10-20 20:00:00',
    timezone: 'America/New_York',
  });
  await openIn(page, 'ja', '/#/settings');
  const card = page.getByRole('region', { name: ja.settings.calendar });
  await card.getByLabel(ja.zone.search).fill('tokyo');
  await card.getByLabel(ja.zone.search).press('Enter');
  await card.getByRole('button', { name: ja.editor.save }).click();
  await expect(card.getByRole('alertdialog')).toBeVisible();
  await card.getByRole('alertdialog').scrollIntoViewIfNeeded();
  await readmeScreenshot(page, 'zone-change-ja');
  await card.getByRole('button', { name: ja.editor.cancel }).click();

  await page.goto('/#/categories');
  await page.getByRole('link', { name: 'ジャズ' }).click();
  await expect(page.getByRole('group', { name: ja.field.color })).toBeVisible();
  await readmeScreenshot(page, 'category-color-ja');

  await page.goto('/');
  const toolbar = page.getByRole('toolbar', { name: ja.calendar.toolbar });
  await toolbar.getByRole('button', { name: ja.commands.listView, exact: true }).click();
  await toolbar.getByLabel(ja.commands.goToDate).fill('2027-10-20');
  await expect(page.getByRole('button', { name: /ニューヨーク配信/ })).toContainText(
    '19:00 America/New York',
  );
  await readmeScreenshot(page, 'list-other-zone-ja');

  await toolbar.getByRole('button', { name: ja.commands.newEvent }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(ja.field.venueUuid, { exact: true }).fill('新しいホール');
  await dialog.getByLabel(ja.field.venueUuid, { exact: true }).press('Enter');
  await dialog.getByLabel(ja.field.address).fill('港区1-2-3');
  await dialog.getByLabel(ja.zone.search).fill('new york');
  await dialog.getByLabel(ja.zone.search).press('Enter');
  await expect(dialog.getByText(/カレンダーのタイムゾーン/)).toBeVisible();
  await readmeScreenshot(page, 'event-editor-zone-ja');
  expect(pageErrors).toEqual([]);
});
