/**
 * Rules that cannot be a series, in Chromium: an end before the start, and a rule the replica
 * refuses for all events (two on one day, found only from the series' first date), are said at
 * the Repeat control in the UI language, with the form kept as typed (in English and
 * Japanese); nothing is saved. A daily series of over 1,000 days is a series: its newest
 * occurrences are made, however long ago it began.
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import type { Language } from '#shared/languages.ts';
import { adminHeaders, createEvent, eventsNamed } from './api.ts';
import { expect, test } from './fixtures.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { EventEditor } from './pages/event-editor.ts';
import { answerScope } from './pages/scope-question.ts';
import { openIn } from './ui-language.ts';

const en = RESOURCES.en.common;

/** How many events named `title` start from 1 January 2025 on (past ones included). */
async function countSince2025(request: Parameters<typeof eventsNamed>[0], title: string) {
  const query = new URLSearchParams({ search: title, start_date: '2025-01-01', per_page: '50' });
  const reply = await request.get(`/wp-json/tribe/events/v1/events?${query.toString()}`, {
    headers: adminHeaders,
  });
  if (reply.status() === 404) return 0;
  return ((await reply.json()) as { total: number }).total;
}

const endBeforeStart = (language: Language) =>
  RESOURCES[language].common.repeat.problem.untilBeforeStart;

for (const language of ['en', 'ja'] as const satisfies readonly Language[]) {
  test(`says in ${language} at the Repeat control why a series ending before it starts cannot be saved`, async ({
    page,
    request,
    pageErrors,
  }) => {
    const words = RESOURCES[language].common;
    const title = language === 'ja' ? `毎朝の打ち合わせ ${Date.now()}` : `Stand-up ${Date.now()}`;
    await openIn(page, language);
    const toolbar = page.getByRole('toolbar', { name: words.calendar.toolbar });
    await toolbar.getByRole('button', { name: words.commands.newEvent }).click();
    const dialog = page.getByRole('dialog');
    const titleField = dialog.getByLabel(words.field.title, { exact: true });
    await titleField.fill(title);
    await dialog.getByLabel(words.field.start, { exact: true }).fill('2027-03-01');
    await dialog.getByLabel(words.editor.startTime).fill('09:00');
    await dialog.getByLabel(words.field.end, { exact: true }).fill('2027-03-01');
    await dialog.getByLabel(words.editor.endTime).fill('09:15');
    const repeat = dialog.getByLabel(words.repeat.label, { exact: true });
    await repeat.selectOption('daily');
    await dialog.getByRole('radio', { name: words.repeat.ends.until }).check();
    const until = dialog.getByLabel(words.repeat.ends.untilField, { exact: true });
    await until.fill('2027-02-20');
    await dialog.getByRole('button', { name: words.editor.save, exact: true }).click();

    // Said at the control, in the UI language, with the form as typed.
    const problem = dialog.locator('.repeat').getByRole('alert');
    await expect(problem).toHaveText(endBeforeStart(language));
    await expect(until).toBeFocused();
    await expect(repeat).toHaveAttribute('aria-invalid', 'true');
    await expect(titleField).toHaveValue(title);
    await dialog.locator('.repeat').scrollIntoViewIfNeeded();
    const spilled = await dialog
      .locator('.repeat *')
      .evaluateAll((all) => all.filter((node) => node.scrollWidth > node.clientWidth + 1).length);
    expect(spilled).toBe(0);
    if (language === 'en') expect(await countSince2025(request, title)).toBe(0);

    // An end after the start makes it a series that can be saved.
    await until.fill('2027-03-05');
    await expect(problem).toBeHidden();
    await dialog.getByRole('button', { name: words.editor.save, exact: true }).click();
    await expect(dialog).toBeHidden();
    if (language === 'en') await expect.poll(() => countSince2025(request, title)).toBe(5);
    expect(pageErrors).toEqual([]);
  });
}

test('saves a daily series of over 1,000 days as a series with its newest occurrences', async ({
  page,
  request,
}) => {
  // Five years of mornings, all past (so no other spec's calendar shows them).
  const title = `Morning walk ${Date.now()}`;
  await openIn(page, 'en');
  await page
    .getByRole('toolbar', { name: en.calendar.toolbar })
    .getByRole('button', { name: en.commands.newEvent })
    .click();
  const editor = new EventEditor(page);
  await editor.title.fill(title);
  await editor.onDay('2020-01-01', '07:00', '07:30');
  await editor.field(en.repeat.label).selectOption('daily');
  await editor.dialog.getByRole('radio', { name: en.repeat.ends.until }).check();
  await editor.dialog.getByLabel(en.repeat.ends.untilField, { exact: true }).fill('2024-12-31');
  await editor.save();
  await expect(editor.dialog).toBeHidden();
  // The newest 1,000 mornings are made, up to the last; the first ones are not.
  const on = async (day: string) => {
    const query = new URLSearchParams({ search: title, start_date: day, end_date: day });
    const reply = await request.get(`/wp-json/tribe/events/v1/events?${query.toString()}`, {
      headers: adminHeaders,
    });
    return reply.status() === 200 ? ((await reply.json()) as { total: number }).total : 0;
  };
  await expect.poll(() => on('2024-12-31')).toBe(1);
  expect(await on('2020-01-02')).toBe(0);
});

test('shows a rule the replica refuses for all events at the Repeat control, keeping the form', async ({
  page,
  request,
  pageErrors,
}) => {
  // Weekly on Fridays since November 2025, with an extra date on a Thursday morning: daily, it
  // would put two events on that Thursday. The check before saving counts from the occurrence
  // opened; the replica, for all events, from the series' first date, and refuses.
  const title = `Book club ${Date.now()}`;
  await createEvent(request, {
    title,
    start_date: '2025-11-07 18:00:00',
    end_date: '2025-11-07 20:00:00',
    recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=FR', rdates: ['2025-11-13 10:00:00'] },
  });
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.view('weekView').click();
  await calendar.goTo('2026-12-04');
  await calendar.event(title).first().click();
  const editor = new EventEditor(page);
  const repeat = editor.field(en.repeat.label);
  await expect(repeat).toHaveValue('weekly');
  await editor.title.fill(`${title}, daily`);
  await repeat.selectOption('daily');
  await editor.save();
  await answerScope(page, en.scope.all);

  await expect(editor.dialog.locator('.repeat').getByRole('alert')).toHaveText(
    en.repeat.problem.twoOnOneDay.replace('{{date}}', 'November 13, 2025'),
  );
  await expect(repeat).toHaveValue('daily');
  await expect(editor.title).toHaveValue(`${title}, daily`);
  // Nothing was queued: the series is as it was.
  const events = await eventsNamed(request, title);
  expect(events.map((event) => event.title)).not.toContain(`${title}, daily`);
  expect(pageErrors).toEqual([]);
});
