/**
 * The ICS feed calendar apps subscribe to is shown where a user looks for it: in Settings and
 * in the Export dialog (ICS), for the whole calendar or one category, with a copy button; the
 * address shown is one the server answers with that category's events.
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import { adminHeaders, createEvent } from './api.ts';
import { expect, test } from './fixtures.ts';

const en = RESOURCES.en.common;

test('Settings and the Export dialog give the feed’s address, per category too', async ({
  page,
  context,
  request,
  pageErrors,
}) => {
  const stamp = Date.now();
  const category = `Chamber ${stamp}`;
  const made = await request.post('/wp-json/tribe/events/v1/categories', {
    headers: adminHeaders,
    data: { name: category },
  });
  const { slug } = (await made.json()) as { slug: string };
  await createEvent(request, {
    title: `Quartet evening ${stamp}`,
    start_date: '2027-10-06 19:30:00',
    end_date: '2027-10-06 21:30:00',
    categories: [category],
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/#/settings');
  const card = page.getByRole('region', { name: en.subscription.heading });
  const origin = new URL(page.url()).origin;
  await expect(card.getByRole('code')).toHaveText(`${origin}/wp-json/marquee/v1/ical`);
  await expect(card).toContainText(en.subscription.localOnly);
  await card.getByLabel(en.field.categoryUuids).selectOption({ label: category });
  const address = `${origin}/wp-json/marquee/v1/ical/categories/${slug}`;
  await expect(card.getByRole('code')).toHaveText(address);
  await card.getByRole('button', { name: en.api.copy }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  // The address is the feed of that category's events.
  const feed = await request.get(address);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await feed.text()).toContain(`SUMMARY:Quartet evening ${stamp}`);

  await page.getByRole('navigation').getByRole('button', { name: en.commands.exportFile }).click();
  const dialog = page.getByRole('dialog', { name: en.files.exportTitle });
  await expect(dialog.getByRole('code')).toHaveText(`${origin}/wp-json/marquee/v1/ical`);
  await dialog.getByLabel(en.field.categoryUuids).selectOption({ label: category });
  await expect(dialog.getByRole('code')).toHaveText(address);
  // Other formats are files, not feeds.
  await dialog.getByRole('radio', { name: en.files.formatCsv }).check();
  await expect(dialog.getByRole('code')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});
