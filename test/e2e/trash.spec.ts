/**
 * The trash in Chromium holds every kind that has one: events, venues and organizers, each
 * restored or deleted for good; an event whose venue is in the trash says so and links there.
 * Results checked through the REST API; the trash in English and Japanese.
 */
import type { APIRequestContext } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { adminHeaders, createEvent } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openIn } from './ui-language.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { EventEditor } from './pages/event-editor.ts';

const en = RESOURCES.en.common;
const api = '/wp-json/tribe/events/v1';

async function created(request: APIRequestContext, kind: string, data: object) {
  const reply = await request.post(`${api}/${kind}`, { headers: adminHeaders, data });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { id: number }).id;
}

const statusOf = async (request: APIRequestContext, kind: string, id: number) => {
  const reply = await request.get(`${api}/${kind}/${id}`, { headers: adminHeaders });
  return reply.status() === 200
    ? ((await reply.json()) as { status: string }).status
    : reply.status();
};

test('lists trashed venues and organizers, restores one and deletes one for good', async ({
  page,
  request,
  pageErrors,
}) => {
  const stamp = Date.now();
  const [venueName, organizerName, title] = [
    `Boathouse ${stamp}`,
    `Crew ${stamp}`,
    `Regatta ${stamp}`,
  ];
  const venue = await created(request, 'venues', { venue: venueName, city: 'Ghent' });
  const organizer = await created(request, 'organizers', { organizer: organizerName });
  await createEvent(request, {
    title,
    start_date: '2027-06-09 18:00:00',
    end_date: '2027-06-09 20:00:00',
    venue,
    organizer: [organizer],
  });
  for (const [kind, id] of [
    ['venues', venue],
    ['organizers', organizer],
  ] as const)
    await request.delete(`${api}/${kind}/${id}`, { headers: adminHeaders });

  // The event still names its venue, marked as in the trash, with a way there.
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.view('monthView').click();
  await calendar.goTo('2027-06-09');
  await calendar.event(title).click();
  const editor = new EventEditor(page);
  const venueChip = editor.dialog.locator('.chip', { hasText: venueName });
  await expect(venueChip).toBeVisible();
  await expect(editor.dialog.getByText(en.sync.untitled)).toHaveCount(0);
  await venueChip.getByRole('link', { name: en.postStatus.trash }).click();

  const trash = page.getByRole('region', { name: en.nav.trash });
  await expect(trash.getByText(`${en.kind.venue} · Ghent`)).toBeVisible();
  await expect(trash.getByText(organizerName)).toBeVisible();
  await trash.getByRole('button', { name: `Restore ${venueName}` }).click();
  await expect(trash.getByText(venueName)).toBeHidden();
  await expect.poll(() => statusOf(request, 'venues', venue)).toBe('publish');

  await trash.getByRole('button', { name: `Delete for good: ${organizerName}` }).click();
  await trash.getByRole('button', { name: en.trash.deleteForGood, exact: true }).click();
  await expect(trash.getByText(organizerName)).toBeHidden();
  // Gone: TEC answers 400 for an id that is no organizer (its route checks the id).
  await expect.poll(() => statusOf(request, 'organizers', organizer)).toBe(400);
  expect(pageErrors).toEqual([]);
});

test('names each kind in the trash in Japanese', async ({ page, request }) => {
  const ja = RESOURCES.ja.common;
  const stamp = Date.now();
  const venue = await created(request, 'venues', { venue: `倉庫 ${stamp}`, city: '京都' });
  await request.delete(`${api}/venues/${venue}`, { headers: adminHeaders });
  await openIn(page, 'ja', '/#/trash');
  const trash = page.getByRole('region', { name: ja.nav.trash });
  await expect(trash.getByText(`${ja.kind.venue} · 京都`).first()).toBeVisible();
});
