/**
 * Two editors on one event: an open form learns at once that its event changed elsewhere (another
 * browser, another tab, the REST API); on Save, what only one side changed merges, and a field
 * both changed goes to the conflict screen instead of silently overwriting the other change.
 */
import type { Page } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { OWNER_KEY_HEADERS } from '../../playwright.config.ts';
import { adminHeaders, createEvent } from './api.ts';
import { expect, test } from './fixtures.ts';
import { AppShellPage } from './pages/app-shell-page.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { EventEditor } from './pages/event-editor.ts';

const en = RESOURCES.en.common;

type Read = { title: string; cost: string };

async function openEvent(page: Page, title: string, date: string): Promise<EventEditor> {
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.view('monthView').click();
  await calendar.goTo(date);
  await calendar.event(title).first().click();
  const editor = new EventEditor(page);
  await expect(editor.title).toHaveValue(title);
  return editor;
}

const changedElsewhere = (editor: EventEditor) =>
  editor.dialog.getByRole('status').filter({ hasText: 'Changed elsewhere' });

test('a change saved in another browser shows at once, and a save merges with it', async ({
  browser,
  page,
  request,
  pageErrors,
}) => {
  const title = `Quartet ${Date.now()}`;
  const { id } = await createEvent(request, {
    title,
    cost: '10',
    start_date: '2027-06-09 20:00:00',
    end_date: '2027-06-09 22:00:00',
  });
  const mine = await openEvent(page, title, '2027-06-09');

  const other = await browser.newContext({ extraHTTPHeaders: OWNER_KEY_HEADERS });
  const theirs = await openEvent(await other.newPage(), title, '2027-06-09');
  await theirs.title.fill(`${title} — SOLD OUT`);
  await theirs.save();
  await expect(theirs.dialog).toBeHidden();

  await expect(changedElsewhere(mine)).toContainText(
    en.editor.changedElsewhere.replace('{{fields}}', en.field.title),
  );
  // The form keeps what it showed; "Show" says what the title is now.
  await expect(mine.title).toHaveValue(title);
  await mine.dialog.getByRole('button', { name: en.editor.showChanges }).click();
  await expect(
    mine.dialog.getByRole('row', { name: new RegExp(`^${en.field.title}`) }),
  ).toContainText(`${title} — SOLD OUT`);

  await mine.field(en.field.cost).fill('12');
  await mine.save();
  await expect(mine.dialog).toBeHidden();
  await expect
    .poll(async () => {
      const reply = await request.get(`/wp-json/tribe/events/v1/events/${id}`);
      const { title: now, cost } = (await reply.json()) as Read;
      return [now, cost];
    })
    .toEqual([`${title} — SOLD OUT`, '$12']);
  // Nothing needed deciding.
  await expect(new AppShellPage(page).syncStatus).toContainText(en.sync.synced);
  await other.close();
  expect(pageErrors).toEqual([]);
});

test('the same field changed in two tabs goes to the conflict screen, not over the other', async ({
  context,
  page,
  request,
}) => {
  const title = `Trio ${Date.now()}`;
  const { id } = await createEvent(request, {
    title,
    start_date: '2027-06-16 20:00:00',
    end_date: '2027-06-16 22:00:00',
  });
  const mine = await openEvent(page, title, '2027-06-16');
  const theirs = await openEvent(await context.newPage(), title, '2027-06-16');
  await theirs.title.fill(`${title} — SOLD OUT`);
  await theirs.save();
  await expect(theirs.dialog).toBeHidden();
  await expect(changedElsewhere(mine)).toBeVisible();

  await mine.title.fill(`${title} (moved to the hall)`);
  await mine.save();
  await expect(mine.dialog).toBeHidden();
  const app = new AppShellPage(page);
  await expect(app.syncStatus).toContainText('Needs your decision: 1');
  const row = app.syncPanel().getByRole('row', { name: new RegExp(`^${en.field.title}`) });
  await expect(row).toContainText(`${title} (moved to the hall)`);
  await expect(row).toContainText(`${title} — SOLD OUT`);
  // The other tab's change stands until the user decides.
  const read = async () =>
    ((await (await request.get(`/wp-json/tribe/events/v1/events/${id}`)).json()) as Read).title;
  expect(await read()).toBe(`${title} — SOLD OUT`);

  await app.syncPanel().getByRole('button', { name: en.sync.keepMine }).click();
  await expect.poll(read).toBe(`${title} (moved to the hall)`);
  await expect(app.syncStatus).toContainText(en.sync.synced);
});

test('a change made through the REST API while the form is open is not overwritten', async ({
  page,
  request,
}) => {
  const title = `Recital ${Date.now()}`;
  const { id } = await createEvent(request, {
    title,
    cost: '10',
    start_date: '2027-06-23 19:00:00',
    end_date: '2027-06-23 21:00:00',
  });
  const mine = await openEvent(page, title, '2027-06-23');
  const changed = await request.post(`/wp-json/tribe/events/v1/events/${id}`, {
    headers: adminHeaders,
    data: { cost: '15' },
  });
  expect(changed.status()).toBe(200);
  await expect(changedElsewhere(mine)).toContainText(en.field.cost);

  await mine.field(en.field.cost).fill('20');
  await mine.title.fill(`${title} with strings`);
  await mine.save();
  await expect(mine.dialog).toBeHidden();
  const app = new AppShellPage(page);
  await expect(app.syncStatus).toContainText('Needs your decision: 1');
  // The title, which only this form changed, is saved; the cost waits for a decision.
  const read = async () =>
    (await (await request.get(`/wp-json/tribe/events/v1/events/${id}`)).json()) as Read;
  await expect.poll(async () => (await read()).title).toBe(`${title} with strings`);
  expect((await read()).cost).toBe('$15');
  await app.syncPanel().getByRole('button', { name: en.sync.takeServer }).click();
  await expect(app.syncStatus).toContainText(en.sync.synced);
  expect((await read()).cost).toBe('$15');
});

test('a venue changed through the API while its editor is open keeps that change', async ({
  page,
  request,
}) => {
  const venue = `Cellar ${Date.now()}`;
  const created = await request.post('/wp-json/tribe/events/v1/venues', {
    headers: adminHeaders,
    data: { venue, city: 'Ghent' },
  });
  const { id } = (await created.json()) as { id: number };
  await page.goto('/#/venues');
  await page.getByRole('link', { name: new RegExp(venue) }).click();
  const name = page.getByLabel(en.field.name, { exact: true });
  await expect(name).toHaveValue(venue);

  const changed = await request.post(`/wp-json/tribe/events/v1/venues/${id}`, {
    headers: adminHeaders,
    data: { city: 'Bruges' },
  });
  expect(changed.status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Changed elsewhere' })).toContainText(
    en.field.city,
  );
  await page.getByLabel(en.field.phone, { exact: true }).fill('+32 50 00 00 00');
  await page.getByRole('button', { name: en.editor.save }).click();
  await expect
    .poll(async () => {
      const reply = await request.get(`/wp-json/tribe/events/v1/venues/${id}`);
      const { city, phone } = (await reply.json()) as { city: string; phone: string };
      return [city, phone];
    })
    .toEqual(['Bruges', '+32 50 00 00 00']);
});
