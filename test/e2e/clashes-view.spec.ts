/**
 * The double-booking views of the editor, in English and Japanese: the header's count of clashes
 * ahead leads to the clashes view, which lists each clash with its venue, the time both events
 * hold it in the calendar's zone, and the two events, each opening its editor.
 */
import type { Page } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { hour12In } from '../../renderer/ui/calendar-locale.ts';
import { adminHeaders, createEvent, eventsNamed, venueWithEvents } from './api.ts';
import { expect, test } from './fixtures.ts';
import { inLanguage, readmeScreenshot } from './readme-screenshot.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { openIn } from './ui-language.ts';

/** The e2e server's calendar zone (playwright.config.ts). */
const ZONE = 'Europe/Berlin';

/** A span of Berlin wall times as the page writes it, formatted by the page's own Intl. */
async function spanInPage(page: Page, language: string, from: string, to: string) {
  const region = await page.evaluate(() => navigator.language);
  return page.evaluate(
    ({ language, from, to, zone, hour12 }) => {
      const format = new Intl.DateTimeFormat(language, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: zone,
        hour12,
      });
      return format.formatRange(new Date(from), new Date(to));
    },
    { language, from, to, zone: ZONE, hour12: hour12In(language, region) },
  );
}

/** A hall with a half-hour teardown and three evening events: two clashes, one by the buffer. */
async function bookedHall(request: Parameters<typeof createEvent>[0], hall: string) {
  const made = await request.post('/wp-json/tribe/events/v1/venues', {
    headers: adminHeaders,
    data: { venue: hall, marquee_buffer_after: 30 },
  });
  const { id: venue } = (await made.json()) as { id: number };
  const at = (title: string, start: string, end: string) =>
    createEvent(request, {
      title,
      start_date: `2027-06-18 ${start}:00`,
      end_date: `2027-06-18 ${end}:00`,
      venue,
    });
  await at('Choir Rehearsal', '19:00', '21:00');
  await at('Pub Quiz', '21:15', '23:00');
  await at('Jazz Night', '22:00', '23:30');
  return hall;
}

for (const language of ['en', 'ja'] as const) {
  test(`the header counts the clashes ahead and the view lists and opens them (${language})`, async ({
    page,
    request,
    pageErrors,
  }) => {
    const words = RESOURCES[language].common;
    // Each run's server starts empty (playwright.config.ts): the hall's name is this test's own.
    const hall = await bookedHall(request, language === 'ja' ? 'ガーデンホール' : 'Garden Hall');
    await openIn(page, language, '/');
    const badge = page.locator('.header-tools').getByRole('link', { name: words.clashes.heading });
    await expect(badge).toBeVisible();
    await badge.click();
    await expect(page.getByRole('heading', { name: words.clashes.heading })).toBeVisible();
    await page.getByLabel(words.clashes.venue, { exact: true }).selectOption({ label: hall });
    const rows = page.getByRole('list', { name: words.clashes.heading }).locator('> li');
    await expect(rows).toHaveCount(2);
    // The quiz starts inside the choir's teardown: both hold the hall from 21:15 to 21:30.
    await expect(rows.nth(0)).toContainText(hall);
    await expect(rows.nth(0)).toContainText(
      await spanInPage(page, language, '2027-06-18T19:15:00Z', '2027-06-18T19:30:00Z'),
    );
    await expect(rows.nth(0)).toContainText('Choir Rehearsal');
    await expect(rows.nth(0)).toContainText('Pub Quiz');
    // The jazz night and the quiz (with its teardown) share 22:00 to 23:30.
    await expect(rows.nth(1)).toContainText(
      await spanInPage(page, language, '2027-06-18T20:00:00Z', '2027-06-18T21:30:00Z'),
    );
    await readmeScreenshot(page.locator('main'), inLanguage('clashes-view', language));
    await rows.nth(1).getByRole('button', { name: 'Jazz Night' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel(words.field.title, { exact: true })).toHaveValue('Jazz Night');
    expect(pageErrors).toEqual([]);
  });
}

for (const language of ['en', 'ja'] as const) {
  test(`Settings say whether a draft holds its room, and the clashes follow (${language})`, async ({
    page,
    request,
    pageErrors,
  }) => {
    const words = RESOURCES[language].common;
    const hall = `Studio ${language}`;
    const made = await request.post('/wp-json/tribe/events/v1/venues', {
      headers: adminHeaders,
      data: { venue: hall },
    });
    const { id: venue } = (await made.json()) as { id: number };
    const at = (title: string, start: string, end: string, status: string) =>
      createEvent(request, {
        title,
        start_date: `2027-07-02 ${start}:00`,
        end_date: `2027-07-02 ${end}:00`,
        venue,
        status,
      });
    await at('Yoga', '10:00', '12:00', 'publish');
    await at('Pencilled Workshop', '11:00', '13:00', 'draft');
    await openIn(page, language, '/#/clashes');
    const filter = page.getByLabel(words.clashes.venue, { exact: true });
    const hallOption = filter.locator('option', { hasText: hall });
    await filter.selectOption({ label: hall });
    await expect(page.getByRole('list', { name: words.clashes.heading })).toContainText(
      'Pencilled Workshop',
    );

    await page.goto('/#/settings');
    const holds = page.getByRole('checkbox', { name: words.clashes.holds });
    await expect(holds).toBeChecked();
    await readmeScreenshot(
      page.locator('section.card', { has: holds }),
      inLanguage('settings-clash-holds', language),
    );
    await holds.uncheck();
    await expect
      .poll(async () => {
        const reply = await request.get('/wp-json/marquee/v1/settings', { headers: adminHeaders });
        return ((await reply.json()) as { settings: { clashHolds: boolean } }).settings.clashHolds;
      })
      .toBe(false);
    await expect(holds).not.toBeChecked();
    // The draft holds nothing now: the studio has no clash, here and after a reload.
    await page.goto('/#/clashes');
    await expect(page.getByRole('heading', { name: words.clashes.heading })).toBeVisible();
    await expect(hallOption).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: words.clashes.heading })).toBeVisible();
    await expect(hallOption).toHaveCount(0);

    // Back as the other tests expect it: drafts hold their room again.
    await page.goto('/#/settings');
    await holds.check();
    await page.goto('/#/clashes');
    await expect(hallOption).toHaveCount(1);
    expect(pageErrors).toEqual([]);
  });
}

for (const language of ['en', 'ja'] as const) {
  test(`the view holds its list while a first sync takes its pages (${language})`, async ({
    page,
    request,
    pageErrors,
  }) => {
    const words = RESOURCES[language].common;
    const hall = await bookedHall(request, language === 'ja' ? '小ホール' : 'Small Hall');
    // Pages of 2 records, the second held back: the first sync is a backlog, as a big calendar's
    // is with the editor's pages of 5,000.
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let pulls = 0;
    await page.route('**/marquee/v1/sync/pull?**', async (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('limit', '2');
      if ((pulls += 1) > 1) await released;
      await route.continue({ url: url.toString() });
    });
    await openIn(page, language, '/#/clashes');
    const note = page.getByRole('status').filter({ hasText: words.clashes.held });
    await expect(note).toBeVisible();
    await expect(page.getByText(words.clashes.none)).toHaveCount(0);
    await readmeScreenshot(page.locator('main'), inLanguage('clashes-view-held', language));

    release();
    await expect(note).toHaveCount(0);
    await page.getByLabel(words.clashes.venue, { exact: true }).selectOption({ label: hall });
    await expect(
      page.getByRole('list', { name: words.clashes.heading }).locator('> li'),
    ).toHaveCount(2);
    expect(pageErrors).toEqual([]);
  });
}

// Each language on a week of its own (Tuesday to Friday): the suite shares one server.
const MOVE_DAYS = {
  en: ['2027-08-10', '2027-08-11', '2027-08-12', '2027-08-13'],
  ja: ['2027-08-17', '2027-08-18', '2027-08-19', '2027-08-20'],
} as const;

for (const language of ['en', 'ja'] as const) {
  test(`a drag onto a booked venue warns, or is refused at a strict one (${language})`, async ({
    page,
    request,
    pageErrors,
  }) => {
    const day = (n: 0 | 1 | 2 | 3) => MOVE_DAYS[language][n];
    await venueWithEvents(request, `Stage ${language}`, 'warn', [
      [`Rehearsal ${language}`, `${day(0)} 10:00:00`, `${day(0)} 12:00:00`],
      [`Tango ${language}`, `${day(1)} 10:00:00`, `${day(1)} 11:00:00`],
    ]);
    await venueWithEvents(request, `Boardroom ${language}`, 'strict', [
      [`Board Meeting ${language}`, `${day(2)} 14:00:00`, `${day(2)} 16:00:00`],
      [`Lecture ${language}`, `${day(3)} 14:00:00`, `${day(3)} 15:00:00`],
    ]);
    await openIn(page, language, '/');
    const calendar = new CalendarScreen(page, language);
    await calendar.toolbar.waitFor();
    await calendar.view('weekView').click();
    await calendar.goTo(day(0));

    // Warn: the tango moves into the rehearsal's morning, and the toast names the rehearsal.
    await calendar.dragEvent(`Tango ${language}`, day(0), '10:30');
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: `Stage ${language}` }),
    ).toContainText(`Rehearsal ${language}`);
    await expect
      .poll(async () => (await eventsNamed(request, `Tango ${language}`))[0]?.start_date)
      .toBe(`${day(0)} 10:30:00`);

    // Strict: the lecture is refused with the server's words and stays on its own day.
    await calendar.dragEvent(`Lecture ${language}`, day(2), '14:30');
    const refusal = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: RESOURCES[language].errors.marquee_venue_busy });
    await expect(refusal).toContainText(`Board Meeting ${language}`);
    await readmeScreenshot(page, inLanguage('calendar-move-refused', language));
    // Back in its own day's column, at its own time.
    const column = await page.locator(`[role="columnheader"][data-date="${day(3)}"]`).boundingBox();
    const lectureBox = await calendar.event(`Lecture ${language}`).boundingBox();
    const middle = lectureBox!.x + lectureBox!.width / 2;
    expect(middle > column!.x && middle < column!.x + column!.width).toBe(true);
    const slot = await page.locator('[data-time="14:00:00"]').first().boundingBox();
    expect(Math.abs(lectureBox!.y - slot!.y)).toBeLessThan(3);
    const lecture = (await eventsNamed(request, `Lecture ${language}`))[0];
    expect([lecture?.start_date, lecture?.end_date]).toEqual([
      `${day(3)} 14:00:00`,
      `${day(3)} 15:00:00`,
    ]);
    expect(pageErrors).toEqual([]);
  });
}

const PROGRAMME_DATES = {
  en: { day: '2027-09-07', typed: '09/07/2027' },
  ja: { day: '2027-09-08', typed: '2027/09/08' },
} as const;

for (const language of ['en', 'ja'] as const) {
  test(`a printed programme marks double bookings for staff when asked (${language})`, async ({
    page,
    request,
    pageErrors,
  }) => {
    const words = RESOURCES[language].common;
    const { day, typed } = PROGRAMME_DATES[language];
    await venueWithEvents(request, `Print Hall ${language}`, 'warn', [
      [`Film Club ${language}`, `${day} 18:00:00`, `${day} 20:00:00`],
      [`Poetry Slam ${language}`, `${day} 19:00:00`, `${day} 21:00:00`],
      [`Late Jam ${language}`, `${day} 22:00:00`, `${day} 23:00:00`],
    ]);
    await openIn(page, language, '/');
    // The keys work once the app has mounted its commands, as its toolbar's print button shows.
    await expect(page.getByRole('button', { name: words.commands.print })).toBeVisible();
    await page.keyboard.press('Control+p');
    const dialog = page.getByRole('dialog', { name: words.programme.title });
    for (const field of [words.files.from, words.files.to]) {
      await dialog.getByLabel(field).fill(typed);
      await dialog.getByLabel(field).blur();
    }
    await expect(dialog.getByLabel(words.files.to)).toHaveValue(typed);
    await page.emulateMedia({ media: 'print' });
    const programme = page.locator('.print-programme');
    // An event's line by its title (another's clash mark names it too).
    const line = (title: string) =>
      programme
        .getByRole('listitem')
        .filter({ has: page.locator('.programme-title', { hasText: title }) });
    await expect(line(`Film Club ${language}`)).toBeVisible();
    // Not marked unless asked: the programme is for visitors first.
    await expect(programme.locator('.programme-clash')).toHaveCount(0);
    await page.emulateMedia({ media: 'screen' });
    await dialog.getByLabel(words.programme.markClashes).check();
    await readmeScreenshot(dialog, inLanguage('programme-dialog-clashes', language));
    await page.emulateMedia({ media: 'print' });
    await expect(line(`Film Club ${language}`).locator('.programme-clash')).toContainText(
      `Poetry Slam ${language}`,
    );
    await expect(line(`Poetry Slam ${language}`).locator('.programme-clash')).toContainText(
      `Film Club ${language}`,
    );
    await expect(line(`Late Jam ${language}`).locator('.programme-clash')).toHaveCount(0);
    await readmeScreenshot(page, inLanguage('programme-clashes', language), { fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    expect(pageErrors).toEqual([]);
  });
}
