/**
 * Words in the calendar's search look through the whole calendar, not only the month on
 * screen: the matches are listed with their dates, and the one chosen is shown and opened.
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import { createEvent } from './api.ts';
import { expect, test } from './fixtures.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { EventEditor } from './pages/event-editor.ts';
import { inLanguage, readmeScreenshot } from './readme-screenshot.ts';
import { openIn } from './ui-language.ts';

const en = RESOURCES.en.common;

test('finds an event months away from the one on screen, and opens it', async ({
  page,
  request,
  pageErrors,
}) => {
  const stamp = Date.now();
  const title = `Brahms ${stamp}: the German Requiem`;
  await createEvent(request, {
    title,
    start_date: '2027-11-12 19:30:00',
    end_date: '2027-11-12 21:30:00',
  });
  await createEvent(request, {
    title: `Brahms ${stamp}: chamber music`,
    start_date: '2028-03-03 20:00:00',
    end_date: '2028-03-03 22:00:00',
  });
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.view('monthView').click();
  await calendar.goTo('2027-01-15');
  await page.getByRole('searchbox', { name: en.filters.search }).fill(`brahms ${stamp}`);
  const results = page.getByRole('region', {
    name: en.calendar.searchFound_other.replace('{{count}}', '2'),
  });
  const items = results.getByRole('listitem');
  await expect(items).toHaveCount(2);
  // Soonest first, each with its date.
  await expect(items.first()).toContainText(title);
  await expect(items.first()).toContainText('Nov 12, 2027');
  await readmeScreenshot(page, 'search');
  await items.first().getByRole('button').click();
  const editor = new EventEditor(page);
  await expect(editor.title).toHaveValue(title);
  await page.keyboard.press('Escape');
  await expect(calendar.title).toHaveText(/November 2027/);
  expect(pageErrors).toEqual([]);
});

test('lists the matches in the UI language (ja)', async ({ page, request }) => {
  const ja = RESOURCES.ja.common;
  const stamp = Date.now();
  await createEvent(request, {
    title: `ブラームス ${stamp} ドイツ・レクイエム`,
    start_date: '2027-11-12 19:30:00',
    end_date: '2027-11-12 21:30:00',
  });
  await page.addInitScript(() => localStorage.setItem('marquee.uiLanguage', 'ja'));
  await page.goto('/');
  await page.getByRole('searchbox', { name: ja.filters.search }).fill(`${stamp}`);
  const results = page.getByRole('region', {
    name: ja.calendar.searchFound_other.replace('{{count}}', '1'),
  });
  await expect(results.getByRole('listitem')).toContainText('2027/11/12');
  await readmeScreenshot(page, 'search-ja');
});

/**
 * In the list view, a month with no match said "No events to display" in a large box under the
 * matches found elsewhere: while the whole calendar is searched, such a month shows nothing
 * (a month with a match still lists it), and it speaks again once the words are gone. (FullCalendar's own words, in its locale files.)
 */
const NO_EVENTS = { en: 'No events to display', ja: '表示する予定はありません' } as const;

for (const language of ['en', 'ja'] as const) {
  test(`the list view says nothing of the month on screen beside the matches (${language})`, async ({
    page,
    request,
    pageErrors,
  }) => {
    const words = RESOURCES[language].common;
    const stamp = Date.now();
    await createEvent(request, {
      title: `Mahler ${stamp}: the Resurrection`,
      start_date: '2031-06-09 19:30:00',
      end_date: '2031-06-09 21:30:00',
    });
    await openIn(page, language);
    const toolbar = page.getByRole('toolbar', { name: words.calendar.toolbar });
    await toolbar.getByLabel(words.commands.goToDate).fill('2031-02-12');
    await toolbar.getByRole('button', { name: words.commands.listView, exact: true }).click();
    const grid = page.getByRole('region', { name: words.calendar.grid });
    await expect(grid).toContainText(NO_EVENTS[language]);
    const search = page.getByRole('searchbox', { name: words.filters.search });
    await search.fill(`mahler ${stamp}`);
    const results = page.getByRole('region', {
      name: words.calendar.searchFound_one.replace('{{count}}', '1'),
    });
    await expect(results.getByRole('listitem')).toHaveCount(1);
    // Hidden, and with nothing to say had it been shown.
    await expect(page.locator('#calendar-grid')).toBeHidden();
    await expect(page.locator('#calendar-grid')).not.toContainText(NO_EVENTS[language]);
    // A month with a match lists it again.
    await toolbar.getByLabel(words.commands.goToDate).fill('2031-06-09');
    await expect(grid).toContainText(`Mahler ${stamp}`);
    await toolbar.getByLabel(words.commands.goToDate).fill('2031-02-12');
    await toolbar.getByLabel(words.commands.goToDate).blur();
    await expect(page.locator('#calendar-grid')).toBeHidden();
    await readmeScreenshot(page, inLanguage('search-list', language));
    await search.fill('');
    await expect(results).toBeHidden();
    await expect(grid).toContainText(NO_EVENTS[language]);
    expect(pageErrors).toEqual([]);
  });
}
