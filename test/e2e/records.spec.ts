/**
 * Venues, organizers, categories and tags in Chromium: list and search, create, edit, their
 * events, the category tree, the trash for venues and deleting terms for good; each result
 * checked through the REST API.
 */
import type { APIRequestContext } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { languageName } from '#shared/languages.ts';
import { adminHeaders, createEvent } from './api.ts';
import { expect, test } from './fixtures.ts';

const en = RESOURCES.en.common;

async function apiList(
  request: APIRequestContext,
  path: string,
): Promise<Record<string, unknown>[]> {
  const reply = await request.get(`/wp-json/tribe/events/v1/${path}`, { headers: adminHeaders });
  if (reply.status() === 404) return [];
  const body = (await reply.json()) as Record<string, unknown>;
  const list = Object.values(body).find((value) => Array.isArray(value));
  return (list ?? []) as Record<string, unknown>[];
}

test('creates and edits a venue, shows its events, and trashes it with undo', async ({
  page,
  request,
  pageErrors,
}) => {
  const stamp = Date.now();
  const name = `Cellar ${stamp}`;
  await page.goto('/#/venues');
  await page.getByRole('button', { name: en.records.new.venue }).click();
  await expect(page.getByLabel(en.field.name, { exact: true })).toBeFocused();
  await page.getByRole('button', { name: en.editor.save }).click();
  await expect(page.getByLabel(en.field.name, { exact: true })).toHaveAccessibleDescription(
    en.validation.nameRequired,
  );
  await page.getByLabel(en.field.name, { exact: true }).fill(name);
  await page.getByLabel(en.field.city, { exact: true }).fill('Ghent');
  await page.getByLabel(en.field.website, { exact: true }).fill('https://cellar.example');
  await page.getByRole('button', { name: en.editor.save }).click();
  await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await expect
    .poll(async () =>
      (await apiList(request, `venues?search=${stamp}`)).map((venue) => [
        venue.venue,
        venue.city,
        venue.website,
      ]),
    )
    .toEqual([[name, 'Ghent', 'https://cellar.example']]);
  const [venue] = await apiList(request, `venues?search=${stamp}`);

  await page.getByLabel(en.field.phone, { exact: true }).fill('+32 9 000 00 00');
  await page.getByRole('button', { name: en.editor.save }).click();
  await expect
    .poll(async () => (await apiList(request, `venues?search=${stamp}`))[0]?.phone)
    .toBe('+32 9 000 00 00');

  const title = `In the cellar ${stamp}`;
  await createEvent(request, {
    title,
    start_date: '2027-02-05 20:00:00',
    end_date: '2027-02-05 22:00:00',
    venue: venue?.id,
  });
  const events = page.getByRole('region', { name: /Events \(1\)/ });
  await expect(events.getByRole('button', { name: title })).toBeVisible();
  await events.getByRole('button', { name: title }).click();
  await expect(page.getByRole('dialog').getByLabel(en.field.title, { exact: true })).toHaveValue(
    title,
  );
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: en.editor.trash }).click();
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeHidden();
  await expect.poll(async () => (await apiList(request, `venues?search=${stamp}`)).length).toBe(0);
  await page.getByRole('button', { name: en.commands.undo }).click();
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await expect.poll(async () => (await apiList(request, `venues?search=${stamp}`)).length).toBe(1);
  expect(pageErrors).toEqual([]);
});

test('offers Undo in the UI language chosen after the page loaded', async ({
  page,
  request,
  pageErrors,
}) => {
  const ja = RESOURCES.ja.common;
  const stamp = Date.now();
  const name = `Loft ${stamp}`;
  await request.post('/wp-json/tribe/events/v1/venues', {
    headers: adminHeaders,
    data: { venue: name },
  });
  await page.goto('/#/venues');
  await page.getByRole('searchbox', { name: en.records.search }).fill(String(stamp));
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await page.getByLabel(en.language.label, { exact: true }).selectOption('ja');
  await page.getByRole('button', { name: ja.editor.trash }).click();
  const undo = page.getByRole('button', { name: ja.commands.undo });
  await expect(undo).toBeVisible();
  await expect(page.getByRole('button', { name: en.commands.undo, exact: true })).toHaveCount(0);
  await undo.click();
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('keeps categories as a tree, and deletes a tag for good after asking', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  await page.goto('/#/categories/new');
  await page.getByLabel(en.field.name, { exact: true }).fill(`Music ${stamp}`);
  await page.getByRole('button', { name: en.editor.save }).click();
  await expect(page.getByRole('link', { name: `Music ${stamp}` })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByRole('button', { name: en.records.new.category }).click();
  await page.getByLabel(en.field.name, { exact: true }).fill(`Jazz ${stamp}`);
  await page
    .getByLabel(en.field.parentUuid, { exact: true })
    .selectOption({ label: `Music ${stamp}` });
  await page.getByRole('button', { name: en.editor.save }).click();
  await expect(page.getByRole('link', { name: `Jazz ${stamp}` })).toHaveAttribute(
    'title',
    `Music ${stamp} › Jazz ${stamp}`,
  );
  await expect
    .poll(async () => {
      const categories = await apiList(request, `categories?search=${stamp}&hide_empty=false`);
      const parent = categories.find((category) => category.name === `Music ${stamp}`);
      return (
        categories.find((category) => category.name === `Jazz ${stamp}`)?.parent === parent?.id
      );
    })
    .toBe(true);

  await page.getByRole('link', { name: en.nav.tags }).click();
  await page.getByRole('button', { name: en.records.new.tag }).click();
  await page.getByLabel(en.field.name, { exact: true }).fill(`late-${stamp}`);
  await page.getByRole('button', { name: en.editor.save }).click();
  await expect
    .poll(async () => (await apiList(request, `tags?search=${stamp}&hide_empty=false`)).length)
    .toBe(1);
  await page.getByRole('searchbox', { name: en.records.search }).fill(`late-${stamp}`);
  await expect(page.getByRole('link', { name: `late-${stamp}` })).toBeVisible();
  await page.getByRole('button', { name: en.trash.deleteForGood }).click();
  await expect(page.getByText(en.records.deleteQuestion)).toBeVisible();
  await page.getByRole('button', { name: en.trash.deleteForGood }).click();
  await expect(page.getByRole('link', { name: `late-${stamp}` })).toBeHidden();
  await expect
    .poll(async () => (await apiList(request, `tags?search=${stamp}&hide_empty=false`)).length)
    .toBe(0);
});

test('a category opened at its address names its parent', async ({ page, request }) => {
  const stamp = Date.now();
  const post = async (data: object) => {
    const reply = await request.post('/wp-json/tribe/events/v1/categories', {
      headers: adminHeaders,
      data,
    });
    return (await reply.json()) as { id: number };
  };
  const music = await post({ name: `Music ${stamp}` });
  await post({ name: `Jazz ${stamp}`, parent: music.id });
  // Straight to the child, as a reload or a link does: the categories arrive after the form.
  await page.goto('/#/categories');
  await page.getByRole('link', { name: `Jazz ${stamp}` }).click();
  const parent = page.getByLabel(en.field.parentUuid, { exact: true });
  await expect(parent.locator('option:checked')).toHaveText(`Music ${stamp}`);
  await page.reload();
  await expect(parent.locator('option:checked')).toHaveText(`Music ${stamp}`);
});

test('marks records not translated into the content language', async ({ page, request }) => {
  const stamp = Date.now();
  await request.post('/wp-json/tribe/events/v1/organizers', {
    headers: adminHeaders,
    data: { organizer: `Choir ${stamp}` },
  });
  await page.goto('/#/organizers');
  await page.getByRole('searchbox', { name: en.records.search }).fill(String(stamp));
  await expect(page.getByRole('link', { name: `Choir ${stamp}` })).toBeVisible();
  const contentLanguage = page.getByRole('combobox', { name: en.language.content });
  await contentLanguage.selectOption('de');
  await expect(
    page.getByRole('link', { name: new RegExp(`Choir ${stamp}.*no ${languageName('de', 'en')}`) }),
  ).toBeVisible();
  await page.getByRole('link', { name: new RegExp(`Choir ${stamp}`) }).click();
  await page.getByLabel(en.field.name, { exact: true }).fill(`Chor ${stamp}`);
  await page.getByRole('button', { name: en.editor.save }).click();
  await expect(page.getByRole('link', { name: `Chor ${stamp}` })).toBeVisible();
  await expect
    .poll(async () => (await apiList(request, `organizers?search=${stamp}&lang=de`))[0]?.organizer)
    .toBe(`Chor ${stamp}`);
  await contentLanguage.selectOption('en');
});
