/**
 * Moving an event onto its venue's booked time in the week view, by its resize handle and by
 * dragging it: at a `warn` venue the move lands and a toast names the other event; at a strict
 * one the event goes back, and the toast offers Book anyway to those the server lets (editors
 * and admins), which makes the move and the server keeps it. A token of a role the server does
 * not let book anyway sees the refusal without the offer.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { adminHeaders, eventTitled, venueWithEvents } from './api.ts';
import { expect, test } from './fixtures.ts';
import { inLanguage, readmeScreenshot } from './readme-screenshot.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { openIn } from './ui-language.ts';

/** The server's start and end of the one event named `title`. */
async function timesOf(request: APIRequestContext, title: string) {
  const event = await eventTitled(request, title);
  return [event.start_date, event.end_date];
}

/** The calendar's week of `day`, once the server has said who the page's caller is. */
async function weekOf(page: Page, language: 'en' | 'ja', day: string) {
  const asked = page.waitForResponse((reply) => reply.url().includes('/wp/v2/users/me'));
  await openIn(page, language, '/');
  const calendar = new CalendarScreen(page, language);
  await calendar.toolbar.waitFor();
  await calendar.view('weekView').click();
  await calendar.goTo(day);
  await asked;
  return calendar;
}

/** Clicks a toast's button once the toast has come in (sonner slides it up). */
async function clickInToast(toast: Locator, name: string) {
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  await toast.getByRole('button', { name }).click();
}

/** The toast of a move refused with the server's words. */
const refusalIn = (page: Page, language: 'en' | 'ja') =>
  page
    .locator('[data-sonner-toast]')
    .filter({ hasText: RESOURCES[language].errors.marquee_venue_busy });

// Each language on a week of its own (Tuesday to Thursday): the suite shares one server. The
// mornings only: the toasts stand over the afternoon at the foot of the screen.
const DAYS = {
  en: ['2028-03-07', '2028-03-08', '2028-03-09'],
  ja: ['2028-03-14', '2028-03-15', '2028-03-16'],
} as const;

for (const language of ['en', 'ja'] as const) {
  test(`resizing onto a booked venue warns, or is refused and booked anyway (${language})`, async ({
    page,
    request,
    pageErrors,
  }) => {
    const words = RESOURCES[language].common;
    const [tuesday, wednesday, thursday] = DAYS[language];
    await venueWithEvents(request, `Loft ${language}`, 'warn', [
      [`Pottery ${language}`, `${tuesday} 08:00:00`, `${tuesday} 09:00:00`],
      [`Book Club ${language}`, `${tuesday} 09:30:00`, `${tuesday} 10:30:00`],
    ]);
    await venueWithEvents(request, `Chapel ${language}`, 'strict', [
      [`Organ Practice ${language}`, `${wednesday} 08:00:00`, `${wednesday} 09:00:00`],
      [`Wedding ${language}`, `${wednesday} 09:30:00`, `${wednesday} 11:00:00`],
      [`Vigil ${language}`, `${thursday} 10:00:00`, `${thursday} 12:00:00`],
      [`Choir ${language}`, `${thursday} 08:00:00`, `${thursday} 09:00:00`],
    ]);
    const calendar = await weekOf(page, language, tuesday);

    // Warn: pottery runs on to 10:00, into the book club's time; it lands and the toast says so.
    await calendar.resizeEvent(`Pottery ${language}`, tuesday, '09:30');
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: `Loft ${language}` }),
    ).toContainText(`Book Club ${language}`);
    await expect
      .poll(() => timesOf(request, `Pottery ${language}`))
      .toEqual([`${tuesday} 08:00:00`, `${tuesday} 10:00:00`]);

    // Strict: the organ practice runs on to 10:00, into the wedding's time; it goes back.
    await calendar.resizeEvent(`Organ Practice ${language}`, wednesday, '09:30');
    const refusal = refusalIn(page, language);
    await expect(refusal).toContainText(`Wedding ${language}`);
    const bookAnyway = refusal.getByRole('button', { name: words.sync.bookAnyway });
    await expect(bookAnyway).toBeVisible();
    // The offer stays until answered or closed: it can be closed, in the UI language.
    await expect(refusal.getByRole('button', { name: words.app.closeNotice })).toBeVisible();
    const practice = await calendar.event(`Organ Practice ${language}`).boundingBox();
    const eight = await page.locator('[data-time="08:00:00"]').first().boundingBox();
    const half = await page.locator('[data-time="08:30:00"]').first().boundingBox();
    // Back to one hour tall (two half-hour slots), not the two it was stretched to.
    expect(Math.abs(practice!.height - 2 * (half!.y - eight!.y))).toBeLessThan(4);
    await readmeScreenshot(page, inLanguage('calendar-book-anyway', language));
    await clickInToast(refusal, words.sync.bookAnyway);
    await expect(refusal).toBeHidden();
    await expect
      .poll(() => timesOf(request, `Organ Practice ${language}`))
      .toEqual([`${wednesday} 08:00:00`, `${wednesday} 10:00:00`]);
    // The wedding keeps its time: both hold the chapel now, as the user chose.
    expect(await timesOf(request, `Wedding ${language}`)).toEqual([
      `${wednesday} 09:30:00`,
      `${wednesday} 11:00:00`,
    ]);

    // Dragged: the choir into the vigil's morning, refused, then booked anyway.
    await calendar.dragEvent(`Choir ${language}`, thursday, '10:30');
    await expect(refusal).toContainText(`Vigil ${language}`);
    await clickInToast(refusal, words.sync.bookAnyway);
    await expect
      .poll(() => timesOf(request, `Choir ${language}`))
      .toEqual([`${thursday} 10:30:00`, `${thursday} 11:30:00`]);
    expect(pageErrors).toEqual([]);
  });
}

test('a refused move offers no Book anyway to an author, whom the server would refuse', async ({
  page,
  request,
}) => {
  const day = '2028-03-21';
  await venueWithEvents(request, 'Vestry', 'strict', [
    ['Flower Rota', `${day} 10:00:00`, `${day} 11:00:00`],
    ['Bell Ringing', `${day} 11:30:00`, `${day} 12:30:00`],
  ]);
  const made = await request.post('/wp-json/marquee/v1/tokens', {
    headers: adminHeaders,
    data: { name: 'Sexton', role: 'author' },
  });
  const { token } = (await made.json()) as { token: string };
  // The owner's tab fills this browser's replica; then the author signs in to the same one.
  const calendar = await weekOf(page, 'en', day);
  await expect(calendar.event('Bell Ringing')).toBeVisible();
  await page.evaluate((given) => sessionStorage.setItem('marquee.token', given), token);
  const asked = page.waitForResponse((reply) => reply.url().includes('/wp/v2/users/me'));
  await page.reload();
  expect(
    ((await (await asked).json()) as { capabilities: Record<string, boolean> }).capabilities,
  ).toMatchObject({ edit_others_posts: false });
  await calendar.view('weekView').click();
  await calendar.goTo(day);
  await calendar.resizeEvent('Flower Rota', day, '11:30');
  const refusal = refusalIn(page, 'en');
  await expect(refusal).toContainText('Bell Ringing');
  await expect(refusal.getByRole('button')).toHaveCount(0);
  expect(await timesOf(request, 'Flower Rota')).toEqual([`${day} 10:00:00`, `${day} 11:00:00`]);
});

test('Book anyway on an event moved since leaves it where it is now, and says so', async ({
  page,
  request,
  pageErrors,
}) => {
  const en = RESOURCES.en.common;
  const day = '2028-03-28';
  await venueWithEvents(request, 'Crypt', 'strict', [
    ['Tour', `${day} 08:00:00`, `${day} 09:00:00`],
    ['Concert', `${day} 09:30:00`, `${day} 11:00:00`],
  ]);
  const calendar = await weekOf(page, 'en', day);
  await calendar.resizeEvent('Tour', day, '09:30');
  const refusal = refusalIn(page, 'en');
  await expect(refusal).toContainText('Concert');
  // Meanwhile the tour is moved on the server, and the replica hears of it.
  const tour = await eventTitled(request, 'Tour');
  const moved = await request.post(`/wp-json/tribe/events/v1/events/${tour.id}`, {
    headers: adminHeaders,
    data: { start_date: `${day} 12:00:00`, end_date: `${day} 13:00:00` },
  });
  expect(moved.status()).toBe(200);
  // The replica hears of it at its next pull, which a busy machine delays.
  await expect(calendar.event('Tour')).toContainText('12:00', { timeout: 20_000 });
  await clickInToast(refusal, en.sync.bookAnyway);
  await expect(
    page.locator('[data-sonner-toast]').filter({
      hasText: en.clashes.movedSince.replace('{{name}}', 'Tour'),
    }),
  ).toBeVisible();
  await expect(calendar.event('Tour')).toContainText('12:00');
  expect(await timesOf(request, 'Tour')).toEqual([`${day} 12:00:00`, `${day} 13:00:00`]);
  expect(pageErrors).toEqual([]);
});
