/**
 * Snapshots in Chromium: the settings card makes one, the calendar changes, "Restore this
 * snapshot" (asked first) brings the old event back, on the server and in the open editor,
 * whose replica refetches by itself. Screenshots of the card in English and Japanese.
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import { adminHeaders, createEvent } from './api.ts';
import { expect, test } from './fixtures.ts';
import { AppShellPage } from './pages/app-shell-page.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';

const en = RESOURCES.en.common;
const EVENTS = '/wp-json/tribe/events/v1/events';

test('snapshots the calendar and restores it, with the editor following', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const original = `Snapshot gala ${stamp}`;
  const renamed = `Renamed gala ${stamp}`;
  const event = await createEvent(request, {
    title: original,
    start_date: '2027-05-12 20:00',
    end_date: '2027-05-12 22:00',
  });
  const app = new AppShellPage(page);
  const calendar = new CalendarScreen(page);
  const nav = page.getByRole('navigation', { name: en.nav.label });

  await app.open('settings');
  const card = page.getByRole('region', { name: en.snapshots.heading });
  await expect(card.getByText(en.snapshots.intro)).toBeVisible();
  await card.getByRole('button', { name: en.snapshots.now }).click();
  await expect(card.getByRole('status')).toHaveText(en.snapshots.made);
  const made = card.getByRole('listitem').filter({ hasText: en.snapshots.reasons.manual }).first();
  await expect(made).toBeVisible();

  // The calendar changes after the snapshot, and the open editor shows it.
  const renaming = await request.post(`${EVENTS}/${event.id}`, {
    headers: adminHeaders,
    data: { title: renamed },
  });
  expect(renaming.status()).toBe(200);
  await nav.getByRole('link', { name: en.nav.calendar }).click();
  await calendar.goTo('2027-05-12');
  await expect(calendar.event(renamed)).toBeVisible();

  await nav.getByRole('link', { name: en.nav.settings }).click();
  for (const language of ['en', 'ja'] as const) {
    await app.chooseLanguage(language);
    const named = page.getByRole('region', {
      name: RESOURCES[language].common.snapshots.heading,
    });
    await expect(named.getByRole('listitem').first()).toBeVisible();
  }
  await app.chooseLanguage('en');

  // Restoring asks first, and says that the calendar as it is is snapshotted before.
  const restoreNamed = en.snapshots.restoreNamed.split('{{when}}')[0] ?? '';
  await made.getByRole('button', { name: new RegExp(`^${restoreNamed}`) }).click();
  const question = card.getByRole('alertdialog');
  await expect(question).toContainText(en.snapshots.confirm.split('{{when}}')[1]?.trim() ?? '');
  await expect(question.getByRole('button', { name: en.snapshots.confirmRestore })).toBeFocused();
  await question.getByRole('button', { name: en.snapshots.confirmRestore }).click();
  await expect(card.getByRole('status')).toContainText(
    en.snapshots.restored.split('{{when}}')[1]?.trim() ?? '',
  );
  await expect(question).toBeHidden();
  await expect(
    card.getByRole('listitem').filter({ hasText: en.snapshots.reasons['before-restore'] }).first(),
  ).toBeVisible();

  // The server has the old event back…
  const reread = await request.get(`${EVENTS}/${event.id}`, { headers: adminHeaders });
  expect(((await reread.json()) as { title: string }).title).toBe(original);
  // …and the open editor follows without a reload: its replica's checkpoint is refused (409)
  // and it fetches the calendar again.
  await nav.getByRole('link', { name: en.nav.calendar }).click();
  await calendar.goTo('2027-05-12');
  await expect(calendar.event(original)).toBeVisible();
  await expect(calendar.event(renamed)).toBeHidden();
});
