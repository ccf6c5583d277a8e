/**
 * The event editor's side fields in Chromium: what is typed in a picker is never lost, a
 * suggestion chosen is taken at once, and the cost reads as visitors will see it; each result
 * checked through the REST API.
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import { adminHeaders, eventsNamed } from './api.ts';
import { expect, test } from './fixtures.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { EventEditor } from './pages/event-editor.ts';
import { readmeScreenshot } from './readme-screenshot.ts';

const en = RESOURCES.en.common;

test('keeps names typed in a picker but never added, on Save and on closing', async ({
  page,
  request,
  pageErrors,
}) => {
  const stamp = Date.now();
  const title = `Typed ${stamp}`;
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.toolbar.getByRole('button', { name: en.commands.newEvent }).click();
  const editor = new EventEditor(page);
  await editor.title.fill(title);
  await editor.onDay('2027-05-12', '19:00', '21:00');
  // Typed, never confirmed with Enter or "Add": Save still takes them.
  await editor.field(en.field.venueUuid).fill(`Cellar ${stamp}`);
  await editor.field(en.field.categoryUuids).fill(`Folk ${stamp}`);
  await editor.save();
  await expect(editor.dialog).toBeHidden();
  await expect
    .poll(async () => (await eventsNamed(request, title))[0])
    .toMatchObject({
      venue: { venue: `Cellar ${stamp}` },
      categories: [{ name: `Folk ${stamp}` }],
    });

  // Typed into a picker of a saved event and closed with Escape: the editor asks first.
  await calendar.view('monthView').click();
  await calendar.goTo('2027-05-12');
  await calendar.event(title).click();
  await editor.field(en.field.tagUuids).fill(`late-${stamp}`);
  await page.keyboard.press('Escape');
  await expect(editor.dialog.getByText(en.editor.discardQuestion)).toBeVisible();
  await editor.button(en.editor.keepEditing).click();
  // Leaving the field took the name: it is listed, to be created on Save.
  await expect(editor.dialog.locator('.chip', { hasText: `late-${stamp}` })).toContainText(
    en.editor.willCreate,
  );
  await editor.save();
  await expect(editor.dialog).toBeHidden();
  await expect
    .poll(async () => (await eventsNamed(request, title))[0]?.tags)
    .toMatchObject([{ name: `late-${stamp}` }]);
  expect(pageErrors).toEqual([]);
});

test('takes a venue chosen from the suggestions at once and clears the field', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const name = `Harbour hall ${stamp}`;
  const reply = await request.post('/wp-json/tribe/events/v1/venues', {
    headers: adminHeaders,
    data: { venue: name },
  });
  expect(reply.ok()).toBe(true);
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.toolbar.getByRole('button', { name: en.commands.newEvent }).click();
  const editor = new EventEditor(page);
  const venue = editor.field(en.field.venueUuid);
  await expect(editor.dialog.locator(`datalist option[value="${name}"]`)).toHaveCount(1);
  // What Chromium sends when a suggestion of the list is chosen: the whole value, replaced.
  await venue.evaluate((input: HTMLInputElement, value) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(
      new InputEvent('input', { bubbles: true, inputType: 'insertReplacementText', data: value }),
    );
  }, name);
  await expect(venue).toHaveValue('');
  const chip = editor.dialog.locator('.chip', { hasText: name });
  await expect(chip).toBeVisible();
  // The venue that exists, not a new one of the same name.
  await expect(chip.locator('.chip-note')).toHaveCount(0);
});

test('shows the cost as visitors will read it, in the calendar’s currency', async ({ page }) => {
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.toolbar.getByRole('button', { name: en.commands.newEvent }).click();
  const editor = new EventEditor(page);
  const cost = editor.field(en.field.cost);
  // The e2e server's calendar keeps the default currency: $ before the number, USD.
  await expect(cost).toHaveAccessibleDescription(new RegExp(`\\$ \\(USD\\)`));
  await cost.fill('25');
  await expect(cost).toHaveAccessibleDescription('Visitors see: $25');
  await cost.fill('10 - 15');
  await expect(cost).toHaveAccessibleDescription('Visitors see: $10 – $15');
  await cost.fill('€8');
  await expect(cost).toHaveAccessibleDescription('Visitors see: €8');
  await cost.fill('0');
  await expect(cost).toHaveAccessibleDescription(en.editor.costNotShown);
});

test('stores a cost as typed: its own symbol in cost_details, else the calendar’s currency when shown', async ({
  page,
  request,
  pageErrors,
}) => {
  // TEC 6.17.2 answers the same for the same costs (measured 2026-11-27): "12" → cost "$12"
  // with currency_symbol "", "$12" → currency_symbol "$", prefix. An empty symbol says the
  // calendar's currency applies, so changing that setting moves every such cost.
  const stamp = Date.now();
  const calendar = new CalendarScreen(page);
  await calendar.open();
  for (const [name, typed, symbol, position] of [
    ['Plain', '12', '', ''],
    ['Symbol', '$12', '$', 'prefix'],
  ] as const) {
    const title = `${name} cost ${stamp}`;
    await calendar.toolbar.getByRole('button', { name: en.commands.newEvent }).click();
    const editor = new EventEditor(page);
    await editor.title.fill(title);
    await editor.onDay('2027-06-04', '19:00', '21:00');
    await editor.field(en.field.cost).fill(typed);
    await editor.save();
    await expect(editor.dialog).toBeHidden();
    await expect
      .poll(async () => {
        const event = (await eventsNamed(request, title)).find((found) => found.title === title);
        return event && { cost: event.cost, details: event.cost_details };
      })
      .toEqual({
        cost: '$12',
        details: {
          currency_symbol: symbol,
          currency_code: '',
          currency_position: position,
          values: ['12'],
        },
      });
  }
  expect(pageErrors).toEqual([]);
});

test('asks for the address of a venue it creates, and creates the venue with it', async ({
  page,
  request,
  pageErrors,
}) => {
  const stamp = Date.now();
  const title = `New hall ${stamp}`;
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.toolbar.getByRole('button', { name: en.commands.newEvent }).click();
  const editor = new EventEditor(page);
  await editor.title.fill(title);
  await editor.onDay('2027-06-03', '19:00', '21:00');
  const address = editor.dialog.getByRole('group', { name: /Address of the new venue/ });
  await expect(address).toHaveCount(0);
  await editor.pick(en.field.venueUuid, `Warehouse ${stamp}`);
  await expect(address).toHaveAccessibleName(`Address of the new venue “Warehouse ${stamp}”`);
  await address.getByLabel(en.field.address).fill('Dock Road 4');
  await address.getByLabel(en.field.city).fill('Hamburg');
  await address.getByLabel(en.field.zip).fill('20457');
  await address.getByLabel(en.field.country).fill('Germany');
  await readmeScreenshot(page, 'editor-new-venue');
  await editor.save();
  await expect(editor.dialog).toBeHidden();
  await expect
    .poll(async () => (await eventsNamed(request, title))[0]?.venue)
    .toMatchObject({
      venue: `Warehouse ${stamp}`,
      address: 'Dock Road 4',
      city: 'Hamburg',
      zip: '20457',
      country: 'Germany',
    });
  expect(pageErrors).toEqual([]);
});
