/**
 * The calendar in Chromium: its views, navigation, creating an event by dragging over time and
 * moving one by dragging it (with undo), all checked through the REST API. The browser runs in
 * New York; the calendar is in Berlin and shows Berlin times.
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import { adminHeaders, createEvent, eventsNamed } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openIn } from './ui-language.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { EventEditor } from './pages/event-editor.ts';
import { readmeScreenshot } from './readme-screenshot.ts';

const en = RESOURCES.en.common;
test.use({ timezoneId: 'America/New_York' });

test('shows events in the calendar’s zone, in every view, and navigates', async ({
  page,
  request,
  pageErrors,
}) => {
  const title = `Quartet ${Date.now()}`;
  await createEvent(request, {
    title,
    start_date: '2027-03-10 20:00:00',
    end_date: '2027-03-10 22:00:00',
  });
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.view('monthView').click();
  await calendar.goTo('2027-03-10');
  await expect(calendar.title).toHaveText('March 2027');
  await expect(calendar.event(title)).toContainText(/8:00\sPM/);

  await calendar.view('weekView').click();
  await expect(calendar.view('weekView')).toHaveAttribute('aria-pressed', 'true');
  await expect(calendar.event(title)).toContainText(/8:00\s?–\s?10:00\sPM/);
  await page.keyboard.press('d');
  await expect(calendar.title).toHaveText('March 10, 2027');
  await page.keyboard.press('l');
  await expect(calendar.event(title)).toBeVisible();
  await page.keyboard.press('m');
  await calendar.toolbar.getByRole('button', { name: /next/i }).click();
  await expect(calendar.title).toHaveText('April 2027');
  await expect(calendar.toolbar.getByLabel(en.commands.goToDate)).toHaveValue('04/01/2027');
  await page.keyboard.press('j');
  await expect(calendar.title).toHaveText('March 2027');
  await expect(calendar.toolbar.getByLabel(en.commands.goToDate)).toHaveValue('03/01/2027');
  expect(pageErrors).toEqual([]);
});

test('opens the week and day views at the first event shown, not at 08:00', async ({
  page,
  request,
}) => {
  const title = `Late set ${Date.now()}`;
  await createEvent(request, {
    title,
    start_date: '2027-03-03 22:30:00',
    end_date: '2027-03-03 23:45:00',
  });
  const calendar = new CalendarScreen(page);
  await calendar.open();
  // The replica has the event first (a week opens its hours once, when its events are read,
  // and does not move under the user when a sync brings one later).
  await calendar.goTo('2027-03-03');
  await expect(calendar.event(title)).toBeVisible();
  await calendar.view('weekView').click();
  await expect(calendar.event(title)).toBeInViewport();
  await calendar.view('dayView').click();
  await expect(calendar.title).toHaveText('March 3, 2027');
  await expect(calendar.event(title)).toBeInViewport();
});

test('creates an event by dragging over empty time', async ({ page, request }) => {
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.view('weekView').click();
  await calendar.goTo('2027-03-17');
  await calendar.selectTime('2027-03-17', '18:00', '19:30');

  const editor = new EventEditor(page);
  await expect(editor.dialog).toBeVisible();
  await expect(editor.field(en.field.start)).toHaveValue('03/17/2027');
  await expect(editor.dialog.getByLabel(en.editor.startTime)).toHaveValue('6:00 PM');
  await expect(editor.dialog.getByLabel(en.editor.endTime)).toHaveValue('8:00 PM');
  const title = `Dragged ${Date.now()}`;
  await editor.title.fill(title);
  await editor.save();
  await expect(editor.dialog).toBeHidden();
  await expect(calendar.event(title)).toBeVisible();

  await expect
    .poll(async () =>
      (await eventsNamed(request, title)).map((event) => [event.start_date, event.end_date]),
    )
    .toEqual([['2027-03-17 18:00:00', '2027-03-17 20:00:00']]);
});

test('moves an event by dragging it, and undoes the move', async ({ page, request }) => {
  const title = `Movable ${Date.now()}`;
  await createEvent(request, {
    title,
    start_date: '2027-03-24 10:00:00',
    end_date: '2027-03-24 11:00:00',
  });
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.view('weekView').click();
  await calendar.goTo('2027-03-24');
  await calendar.dragEvent(title, '2027-03-25', '14:00');
  await expect
    .poll(async () => (await eventsNamed(request, title))[0]?.start_date)
    .toBe('2027-03-25 14:00:00');
  expect((await eventsNamed(request, title))[0]?.end_date).toBe('2027-03-25 15:00:00');

  await page.getByRole('button', { name: en.commands.undo }).click();
  await expect
    .poll(async () => (await eventsNamed(request, title))[0]?.start_date)
    .toBe('2027-03-24 10:00:00');
});

// Each scheme on its own week: the suite shares one server, and a full day shows "+1 more".
for (const [colorScheme, week] of [
  ['light', '2027-05'],
  ['dark', '2027-06'],
] as const) {
  test(`looks right in ${colorScheme} mode, in every view`, async ({ page, request }) => {
    await createEvent(request, {
      title: 'Screenshot concert',
      start_date: `${week}-16 20:00:00`,
      end_date: `${week}-16 22:30:00`,
      featured: true,
    });
    await createEvent(request, {
      title: 'Screenshot exhibition',
      start_date: `${week}-14 00:00:00`,
      end_date: `${week}-18 23:59:59`,
      all_day: true,
    });
    // A month that looks lived in: a few evenings in categories of their own colours.
    const evenings = [
      ['03', 'Jazz trio', 'Jazz'],
      ['07', 'Poetry slam', 'Spoken word'],
      ['11', 'Film club', 'Film'],
      ['20', 'Jazz jam session', 'Jazz'],
      ['22', 'Children’s theatre', 'Theatre'],
      ['27', 'Open mic', 'Spoken word'],
    ] as const;
    for (const [day, title, category] of evenings)
      await createEvent(request, {
        title,
        start_date: `${week}-${day} 19:00:00`,
        end_date: `${week}-${day} 21:00:00`,
        categories: [category],
      });
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 1280, height: 800 });
    const calendar = new CalendarScreen(page);
    await calendar.open();
    await calendar.goTo(`${week}-16`);
    for (const view of ['monthView', 'weekView', 'dayView', 'listView'] as const) {
      await calendar.view(view).click();
      await expect(calendar.event('Screenshot concert').first()).toBeVisible();
      if (view === 'monthView' || (view === 'weekView' && colorScheme === 'light'))
        await readmeScreenshot(
          page,
          `${view === 'monthView' ? 'month' : 'week'}-view${colorScheme === 'dark' ? '-dark' : ''}`,
        );
    }
    // The grid is drawn in the app's palette, not FullCalendar's own (its dark one is blue-black).
    const [grid, app] = await page.evaluate(() => {
      const frame = document.querySelector('.calendar-frame [data-color-scheme]');
      const value = (element: Element, name: string) =>
        getComputedStyle(element).getPropertyValue(name).trim();
      return frame
        ? [
            ['background', 'foreground', 'event-contrast'].map((name) =>
              value(frame, `--fc-classic-${name}`),
            ),
            ['--surface', '--text', '--on-accent'].map((name) =>
              value(document.documentElement, name),
            ),
          ]
        : [[], ['no calendar']];
    });
    expect(grid).toEqual(app);
  });
}

test('filters the calendar by words, category (with those under it), venue and featured', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const post = async (path: string, data: Record<string, unknown>) =>
    (await (
      await request.post(`/wp-json/tribe/events/v1/${path}`, { headers: adminHeaders, data })
    ).json()) as { id: number };
  const music = await post('categories', { name: `Music ${stamp}` });
  const jazz = await post('categories', { name: `Jazz ${stamp}`, parent: music.id });
  const hall = await post('venues', { venue: `Hall ${stamp}` });
  const day = (n: number) => `2027-07-${String(n).padStart(2, '0')}`;
  await createEvent(request, {
    title: `Bebop ${stamp}`,
    start_date: `${day(6)} 20:00:00`,
    end_date: `${day(6)} 22:00:00`,
    categories: [jazz.id],
    venue: hall.id,
  });
  await createEvent(request, {
    title: `Café talk ${stamp}`,
    start_date: `${day(7)} 18:00:00`,
    end_date: `${day(7)} 19:00:00`,
    featured: true,
  });
  await createEvent(request, {
    title: `Opera ${stamp}`,
    start_date: `${day(8)} 19:00:00`,
    end_date: `${day(8)} 22:00:00`,
  });

  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.view('monthView').click();
  await calendar.goTo(day(7));
  const filters = page.getByRole('search', { name: en.filters.label });
  await calendar.title.click(); // Out of the date field: shortcuts never fire while typing.
  await page.keyboard.press('/');
  await expect(filters.getByRole('searchbox')).toBeFocused();
  await page.keyboard.type('cafe');
  await expect(calendar.event(`Café talk ${stamp}`)).toBeVisible();
  await expect(calendar.event(`Opera ${stamp}`)).toBeHidden();

  await filters.getByRole('button', { name: /^Clear filters/ }).click();
  await expect(calendar.event(`Opera ${stamp}`)).toBeVisible();
  await filters.getByLabel(en.field.categoryUuids).selectOption({ label: `Music ${stamp}` });
  await expect(calendar.event(`Bebop ${stamp}`)).toBeVisible();
  await expect(calendar.event(`Opera ${stamp}`)).toBeHidden();
  await filters.getByLabel(en.field.venueUuid).selectOption({ label: `Hall ${stamp}` });
  await expect(calendar.event(`Bebop ${stamp}`)).toBeVisible();
  await filters.getByRole('button', { name: 'Clear filters (2)' }).click();
  // Tag, organizer, status and featured wait under "More filters", which counts those set.
  const more = filters.getByRole('button', { name: en.filters.more });
  await expect(filters.getByLabel(en.filters.featuredOnly)).toBeHidden();
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await filters.getByLabel(en.filters.featuredOnly).check();
  await expect(calendar.event(`Café talk ${stamp}`)).toBeVisible();
  await expect(calendar.event(`Bebop ${stamp}`)).toBeHidden();
  const moreSet = filters.getByRole('button', { name: 'More filters (1 set)' });
  await moreSet.click();
  // Closed, it still says a filter is in force.
  await expect(filters.getByLabel(en.filters.featuredOnly)).toBeHidden();
  await expect(calendar.event(`Bebop ${stamp}`)).toBeHidden();
  await filters.getByRole('button', { name: /^Clear filters/ }).click();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
});

for (const ui of ['en', 'ja'] as const) {
  test(`says how to begin when the calendar has no events (${ui})`, async ({ page }) => {
    const common = RESOURCES[ui].common;
    // A replica that never hears of the server's events: the calendar a new venue starts with.
    await page.route('**/wp-json/marquee/v1/sync**', (route) => route.abort());
    await openIn(page, ui);
    const hint = page.getByRole('region', { name: common.calendar.emptyTitle });
    await expect(hint).toBeVisible();
    await hint.getByRole('button', { name: common.commands.importFile }).click();
    const importDialog = page.getByRole('dialog', { name: common.files.importTitle });
    await expect(importDialog).toBeVisible();
    await importDialog.getByRole('button', { name: common.editor.cancel }).click();
    await hint.getByRole('button', { name: common.calendar.createFirst }).click();
    await expect(
      page.getByRole('dialog').getByLabel(common.field.title, { exact: true }),
    ).toBeFocused();
  });
}

test('does not show how to begin on a calendar with events', async ({ page, request }) => {
  await createEvent(request, {
    title: `Not empty ${Date.now()}`,
    start_date: '2027-09-01 19:00:00',
    end_date: '2027-09-01 20:00:00',
  });
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await expect(page.getByRole('button', { name: new RegExp(en.sync.synced) })).toBeVisible();
  await expect(page.getByRole('region', { name: en.calendar.emptyTitle })).toHaveCount(0);
});
