/**
 * The event editor in Chromium: every kind of field, validation next to the field, texts in
 * two languages, linked records created inline, the trash with undo, restore and delete for
 * good, and duplicates; each result checked through the REST API.
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import { createEvent, eventsNamed } from './api.ts';
import { expect, test } from './fixtures.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { EventEditor } from './pages/event-editor.ts';
import { readmeScreenshot } from './readme-screenshot.ts';

const en = RESOURCES.en.common;

test('creates an event with every kind of field, checked like the API checks it', async ({
  page,
  request,
  pageErrors,
}) => {
  const stamp = Date.now();
  const title = `Gala ${stamp}`;
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.toolbar.getByRole('button', { name: en.commands.newEvent }).click();
  const editor = new EventEditor(page);
  await expect(editor.title).toBeFocused();

  await editor.save();
  await expect(editor.title).toHaveAccessibleDescription(en.validation.titleRequired);
  await expect(editor.title).toBeFocused();

  await editor.title.fill(title);
  await editor.field(en.field.start).fill('2027-04-08');
  await editor.dialog.getByLabel(en.editor.startTime).fill('19:30');
  await editor.field(en.field.end).fill('2027-04-08');
  await editor.dialog.getByLabel(en.editor.endTime).fill('18:00');
  await editor.description.fill('A night of strings.');
  await editor.description.selectText();
  await editor.dialog.getByRole('button', { name: en.editor.richText.bold }).click();
  await editor.pick(en.field.venueUuid, `Hall ${stamp}`);
  await editor.pick(en.field.categoryUuids, `Classical ${stamp}`);
  await editor.pick(en.field.tagUuids, `strings-${stamp}`);
  await editor.field(en.field.cost).fill('€25');
  await editor.field(en.field.website).fill('not a web address');
  await editor.field(en.field.featured).check();
  await editor.save();
  await expect(editor.field(en.field.end)).toHaveAccessibleDescription(
    en.validation.endBeforeStart,
  );
  await expect(editor.field(en.field.website)).toHaveAccessibleDescription(en.validation.url);
  await editor.dialog.getByLabel(en.editor.endTime).fill('22:00');
  await editor.field(en.field.website).fill('https://venue.example/gala');

  await editor.contentLanguage('de');
  await expect(editor.title).toHaveValue('');
  await expect(editor.dialog.getByText(`English: ${title}`)).toBeVisible();
  await editor.title.fill(`Galaabend ${stamp}`);
  await editor.save();
  await expect(editor.dialog).toBeHidden();

  await expect.poll(async () => (await eventsNamed(request, title)).length).toBe(1);
  const [event] = await eventsNamed(request, title);
  expect(event).toMatchObject({
    start_date: '2027-04-08 19:30:00',
    end_date: '2027-04-08 22:00:00',
    cost: '€25',
    website: 'https://venue.example/gala',
    featured: true,
    venue: { venue: `Hall ${stamp}` },
    categories: [{ name: `Classical ${stamp}` }],
    tags: [{ name: `strings-${stamp}` }],
  });
  expect(event?.description).toContain('<strong>A night of strings.</strong>');
  const [german] = await eventsNamed(request, `Galaabend ${stamp}`, 'de');
  expect(german?.title).toBe(`Galaabend ${stamp}`);
  expect(pageErrors).toEqual([]);
});

test('moves an event to the trash with undo, restores it, and deletes it for good', async ({
  page,
  request,
}) => {
  const title = `Trashable ${Date.now()}`;
  await createEvent(request, {
    title,
    start_date: '2027-04-14 20:00:00',
    end_date: '2027-04-14 21:00:00',
  });
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.view('monthView').click();
  await calendar.goTo('2027-04-14');
  await calendar.event(title).click();
  const editor = new EventEditor(page);
  await editor.button(en.editor.trash).click();
  await expect(calendar.event(title)).toBeHidden();
  await expect.poll(async () => (await eventsNamed(request, title)).length).toBe(0);

  await page.getByRole('button', { name: en.commands.undo }).click();
  await expect(calendar.event(title)).toBeVisible();
  await expect.poll(async () => (await eventsNamed(request, title)).length).toBe(1);

  await calendar.event(title).click();
  await editor.button(en.editor.trash).click();
  await page.getByRole('link', { name: en.nav.trash }).click();
  const trash = page.getByRole('region', { name: en.nav.trash });
  await trash.getByRole('button', { name: `Restore ${title}` }).click();
  await expect.poll(async () => (await eventsNamed(request, title))[0]?.status).toBe('publish');

  await page.getByRole('link', { name: en.nav.calendar }).click();
  await calendar.event(title).click();
  await editor.button(en.editor.trash).click();
  await page.getByRole('link', { name: en.nav.trash }).click();
  await trash.getByRole('button', { name: `Delete for good: ${title}` }).click();
  await trash.getByRole('button', { name: en.trash.deleteForGood, exact: true }).click();
  await expect(trash.getByText(title)).toBeHidden();
  await expect
    .poll(async () => {
      const reply = await request.get(
        `/wp-json/tribe/events/v1/events?search=${encodeURIComponent(title)}&status=trash`,
        {
          headers: { authorization: `Bearer e2e-admin-token-0123456789` },
        },
      );
      return ((await reply.json()) as { events?: unknown[] }).events?.length ?? 0;
    })
    .toBe(0);
});

test('duplicates an event into a new one, and asks before discarding changes', async ({
  page,
  request,
}) => {
  const title = `Original ${Date.now()}`;
  await createEvent(request, {
    title,
    start_date: '2027-04-21 20:00:00',
    end_date: '2027-04-21 21:00:00',
    cost: '10',
  });
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.view('monthView').click();
  await calendar.goTo('2027-04-21');
  await calendar.event(title).click();
  const editor = new EventEditor(page);
  await editor.button(en.editor.duplicate).click();
  await expect(editor.dialog.getByRole('heading', { name: en.editor.newEvent })).toBeVisible();
  await editor.title.fill(`${title} (matinee)`);
  await editor.dialog.getByLabel(en.editor.startTime).fill('15:00');
  await editor.dialog.getByLabel(en.editor.endTime).fill('16:00');
  await page.keyboard.press('Control+Enter');
  await expect(editor.dialog).toBeHidden();
  await expect
    .poll(async () =>
      (await eventsNamed(request, title)).map((event) => [event.start_date, event.cost]).sort(),
    )
    .toEqual([
      // The copy keeps the cost; the API shows it in the calendar's currency.
      ['2027-04-21 15:00:00', '$10'],
      ['2027-04-21 20:00:00', '$10'],
    ]);

  await calendar.event(`${title} (matinee)`).click();
  await editor.title.fill('Changed my mind');
  await page.keyboard.press('Escape');
  await expect(editor.dialog.getByText(en.editor.discardQuestion)).toBeVisible();
  await editor.button(en.editor.discard).click();
  await expect(editor.dialog).toBeHidden();
  await expect(calendar.event(`${title} (matinee)`)).toBeVisible();
});

test('adds a link to the description with Enter, and Escape leaves the address field', async ({
  page,
  request,
  pageErrors,
}) => {
  const title = `Linked ${Date.now()}`;
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.toolbar.getByRole('button', { name: en.commands.newEvent }).click();
  const editor = new EventEditor(page);
  await editor.title.fill(title);
  await editor.onDay('2027-05-19', '19:00', '21:00');
  await editor.description.fill('Tickets online');
  await editor.description.selectText();
  const link = editor.dialog.getByRole('button', { name: en.editor.richText.link, exact: true });
  const address = editor.dialog.getByLabel(en.editor.richText.linkAddress);

  await link.click();
  await expect(address).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(address).toBeHidden();
  await expect(editor.dialog).toBeVisible();
  await expect(editor.description).toBeFocused();

  await editor.description.selectText();
  await link.click();
  await address.fill('https://tickets.example/night');
  await address.press('Enter');
  await expect(address).toBeHidden();
  await expect(editor.dialog).toBeVisible();
  await expect(editor.description.getByRole('link', { name: 'Tickets online' })).toHaveAttribute(
    'href',
    'https://tickets.example/night',
  );
  await editor.save();
  await expect(editor.dialog).toBeHidden();
  await expect
    .poll(async () => (await eventsNamed(request, title))[0]?.description)
    .toContain('href="https://tickets.example/night"');
  expect(pageErrors).toEqual([]);
});

test('a link address pasted into the Link box is kept as pasted, and a wrong one is refused', async ({
  page,
  request,
}) => {
  const title = `Tickets ${Date.now()}`;
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.toolbar.getByRole('button', { name: en.commands.newEvent }).click();
  const editor = new EventEditor(page);
  await editor.title.fill(title);
  await editor.onDay('2027-05-26', '19:00', '21:00');
  await editor.description.fill('Buy tickets or write to us');
  const link = editor.dialog.getByRole('button', { name: en.editor.richText.link, exact: true });
  const address = editor.dialog.getByLabel(en.editor.richText.linkAddress);

  // The box opens with https:// chosen: what is pasted replaces it.
  await editor.description.selectText();
  await link.click();
  await page.keyboard.insertText('https://tickets.example/night');
  await address.press('Enter');
  await expect(
    editor.description.getByRole('link', { name: 'Buy tickets or write to us' }),
  ).toHaveAttribute('href', 'https://tickets.example/night');

  // Pasted after the prefill all the same: the doubled scheme is dropped.
  await editor.description.selectText();
  await link.click();
  await editor.button(en.editor.richText.removeLink).click();
  await expect(editor.description.getByRole('link')).toHaveCount(0);
  await editor.description.selectText();
  await link.click();
  await expect(address).toHaveValue('https://');
  await address.press('End');
  await page.keyboard.insertText('https://tickets.example/matinee');
  await address.press('Enter');
  await expect(editor.description.getByRole('link')).toHaveAttribute(
    'href',
    'https://tickets.example/matinee',
  );

  // Not an address: the box says so and stays open; Ctrl+Enter does not save it.
  await editor.description.selectText();
  await link.click();
  await address.fill('tickets please');
  await address.press('Control+Enter');
  await expect(editor.dialog.getByRole('alert')).toHaveText(en.editor.richText.badLink);
  await expect(address).toBeVisible();
  await expect(editor.dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await editor.save();
  await expect(editor.dialog).toBeHidden();
  await expect
    .poll(async () => (await eventsNamed(request, title))[0]?.description)
    .toContain('href="https://tickets.example/matinee"');
});

// Each scheme on its own day: the suite shares one server.
for (const [colorScheme, day] of [
  ['light', '2027-07-15'],
  ['dark', '2027-07-22'],
] as const) {
  test(`looks right in ${colorScheme} mode`, async ({ page, request }) => {
    await createEvent(request, {
      title: `Evening quartet ${colorScheme}`,
      description: '<p>Haydn, <strong>Bartók</strong> and Ravel, with an <em>encore</em>.</p>',
      start_date: `${day} 19:30:00`,
      end_date: `${day} 21:30:00`,
      cost: '18',
      website: 'https://venue.example/quartet',
      featured: true,
      venue: { venue: `Small hall ${colorScheme}`, city: 'Berlin' },
      categories: [`Chamber music ${colorScheme}`],
    });
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 1280, height: 800 });
    const calendar = new CalendarScreen(page);
    await calendar.open();
    await calendar.view('monthView').click();
    await calendar.goTo(day);
    await calendar.event(`Evening quartet ${colorScheme}`).click();
    const editor = new EventEditor(page);
    await expect(editor.title).toHaveValue(`Evening quartet ${colorScheme}`);
    await expect(editor.dialog.getByText(`Small hall ${colorScheme} (Berlin)`)).toBeVisible();
    if (colorScheme === 'light') await readmeScreenshot(page, 'event-editor');
  });
}
