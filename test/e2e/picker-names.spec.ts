/**
 * Names typed in the event editor's pickers: a venue or category typed by its plain name (not
 * the suggestion's "Blue Note Hall (Springfield)" or "Music › Jazz"), in any case or accents,
 * is the existing record, not a second one; a name one edit away from an existing one is asked
 * about before a record is created.
 */
import type { APIRequestContext } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { adminHeaders, eventsNamed } from './api.ts';
import { expect, test } from './fixtures.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { EventEditor } from './pages/event-editor.ts';

const en = RESOURCES.en.common;
const API = '/wp-json/tribe/events/v1';

async function post(request: APIRequestContext, path: string, data: object) {
  const reply = await request.post(`${API}/${path}`, { headers: adminHeaders, data });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()) as { id: number };
}

async function countNamed(request: APIRequestContext, path: string, name: string) {
  const reply = await request.get(`${API}/${path}?per_page=100&search=${encodeURIComponent(name)}`);
  if (reply.status() === 404) return 0;
  const body = (await reply.json()) as Record<string, { venue?: string; name?: string }[]>;
  const list = Object.values(body).find(Array.isArray) ?? [];
  return list.filter((record) => (record.venue ?? record.name) === name).length;
}

test('a typed plain name takes the existing venue and category', async ({
  page,
  request,
  pageErrors,
}) => {
  const stamp = Date.now();
  const venue = `Blue Note Hall ${stamp}`;
  const category = `Jazz ${stamp}`;
  await post(request, 'venues', { venue, city: 'Springfield' });
  const music = await post(request, 'categories', { name: `Music ${stamp}` });
  await post(request, 'categories', { name: category, parent: music.id });

  const calendar = new CalendarScreen(page);
  await calendar.open();
  await expect(page.getByRole('status', { name: en.sync.label })).toContainText(en.sync.synced);
  await calendar.toolbar.getByRole('button', { name: en.commands.newEvent }).click();
  const editor = new EventEditor(page);
  const title = `Named ${stamp}`;
  await editor.title.fill(title);
  await editor.onDay('2027-11-10', '20:00', '22:00');
  await editor.pick(en.field.venueUuid, venue.toUpperCase());
  await editor.pick(en.field.categoryUuids, category.toLowerCase());
  await expect(editor.dialog.getByText(`${venue} (Springfield)`)).toBeVisible();
  await expect(editor.dialog.getByText(`Music ${stamp} › ${category}`)).toBeVisible();
  await expect(editor.dialog.getByText(en.editor.willCreate, { exact: true })).toHaveCount(0);
  await editor.save();
  await expect(editor.dialog).toBeHidden();

  await expect.poll(async () => (await eventsNamed(request, title)).length).toBe(1);
  const [saved] = await eventsNamed(request, title);
  expect(saved?.venue).toMatchObject({ venue });
  expect(saved?.categories.map((term) => term.name)).toEqual([category]);
  expect(await countNamed(request, 'venues', venue)).toBe(1);
  expect(await countNamed(request, 'categories', category)).toBe(1);
  expect(pageErrors).toEqual([]);
});

test('a name one edit away from a venue asks before creating one', async ({ page, request }) => {
  const stamp = Date.now();
  const venue = `Blue Note Hall ${stamp}`;
  await post(request, 'venues', { venue, city: 'Springfield' });
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await expect(page.getByRole('status', { name: en.sync.label })).toContainText(en.sync.synced);
  await calendar.toolbar.getByRole('button', { name: en.commands.newEvent }).click();
  const editor = new EventEditor(page);
  const title = `Misspelt ${stamp}`;
  await editor.title.fill(title);
  await editor.onDay('2027-11-17', '20:00', '22:00');
  const typo = venue.replace('Hall', 'Hal');
  await editor.pick(en.field.venueUuid, typo);
  const question = editor.dialog.getByRole('group', {
    name: en.editor.didYouMean.replace('{{name}}', typo),
  });
  await expect(question).toBeVisible();

  // Unanswered, the form does not save (and does not drop the name).
  await editor.save();
  await expect(editor.dialog.getByText(en.validation.pickerQuestion)).toBeVisible();
  expect(await eventsNamed(request, title)).toEqual([]);

  await question.getByRole('button', { name: `${venue} (Springfield)` }).click();
  await expect(question).toBeHidden();
  await editor.save();
  await expect(editor.dialog).toBeHidden();
  await expect
    .poll(async () => (await eventsNamed(request, title))[0]?.venue)
    .toMatchObject({
      venue,
    });
  expect(await countNamed(request, 'venues', typo)).toBe(0);
  // The unanswered save saved nothing: one event, with the venue.
  expect(await eventsNamed(request, title)).toHaveLength(1);
});
