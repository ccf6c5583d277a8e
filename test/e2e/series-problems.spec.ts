/**
 * Rules that cannot be a series, in Chromium: "Daily, never" from a start a year ago, and a rule
 * the replica refuses for all events, are said at the Repeat control in the UI language, with
 * the form kept as typed (screenshots in English and Japanese); nothing is saved.
 */
import { mkdirSync } from 'node:fs';
import { RESOURCES } from '#shared/i18n/resources.ts';
import type { Language } from '#shared/languages.ts';
import { adminHeaders, createEvent, eventsNamed } from './api.ts';
import { expect, test } from './fixtures.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { EventEditor } from './pages/event-editor.ts';
import { answerScope } from './pages/scope-question.ts';
import { openIn } from './ui-language.ts';

const en = RESOURCES.en.common;
const SCREENS = '/tmp/screens';
mkdirSync(SCREENS, { recursive: true });

/** How many events named `title` start from 1 January 2025 on (past ones included). */
async function countSince2025(request: Parameters<typeof eventsNamed>[0], title: string) {
  const query = new URLSearchParams({ search: title, start_date: '2025-01-01', per_page: '50' });
  const reply = await request.get(`/wp-json/tribe/events/v1/events?${query.toString()}`, {
    headers: adminHeaders,
  });
  if (reply.status() === 404) return 0;
  return ((await reply.json()) as { total: number }).total;
}

/** The Repeat control's "too many" problem as the UI words it in `language`. */
const tooMany = (language: Language) =>
  RESOURCES[language].common.repeat.problem.tooMany
    .replace('{{max}}', new Intl.NumberFormat(language).format(1000))
    .replace('{{years}}', '2');

for (const language of ['en', 'ja'] as const satisfies readonly Language[]) {
  test(`says in ${language} at the Repeat control why "Daily, never" from an old start cannot be saved (screenshot)`, async ({
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
    await dialog.getByLabel(words.field.start, { exact: true }).fill('2025-11-01');
    await dialog.getByLabel(words.editor.startTime).fill('09:00');
    await dialog.getByLabel(words.field.end, { exact: true }).fill('2025-11-01');
    await dialog.getByLabel(words.editor.endTime).fill('09:15');
    const repeat = dialog.getByLabel(words.repeat.label, { exact: true });
    await repeat.selectOption('daily');
    await expect(dialog.getByRole('radio', { name: words.repeat.ends.never })).toBeChecked();
    await dialog.getByRole('button', { name: words.editor.save, exact: true }).click();

    // Over 1,000 days up to two years ahead: said at the control, in the UI language.
    const problem = dialog.locator('.repeat').getByRole('alert');
    await expect(problem).toHaveText(tooMany(language));
    await expect(repeat).toBeFocused();
    await expect(repeat).toHaveAttribute('aria-invalid', 'true');
    await expect(titleField).toHaveValue(title);
    await dialog.locator('.repeat').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/repeat-problem-${language}.png` });
    const spilled = await dialog
      .locator('.repeat *')
      .evaluateAll((all) => all.filter((node) => node.scrollWidth > node.clientWidth + 1).length);
    expect(spilled).toBe(0);
    if (language === 'en') expect(await countSince2025(request, title)).toBe(0);

    // An end makes it a series that can be saved.
    await dialog.getByRole('radio', { name: words.repeat.ends.count }).check();
    await dialog.getByLabel(words.repeat.ends.countField, { exact: true }).fill('5');
    await expect(problem).toBeHidden();
    await dialog.getByRole('button', { name: words.editor.save, exact: true }).click();
    await expect(dialog).toBeHidden();
    if (language === 'en') await expect.poll(() => countSince2025(request, title)).toBe(5);
    expect(pageErrors).toEqual([]);
  });
}

test('shows a rule the replica refuses for all events at the Repeat control, keeping the form', async ({
  page,
  request,
  pageErrors,
}) => {
  // Weekly since November 2025: daily from its first date would pass 1,000 up to the horizon,
  // though not from the occurrence opened (the check before saving counts from there).
  const title = `Book club ${Date.now()}`;
  await createEvent(request, {
    title,
    start_date: '2025-11-07 18:00:00',
    end_date: '2025-11-07 20:00:00',
    recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=FR' },
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

  await expect(editor.dialog.locator('.repeat').getByRole('alert')).toHaveText(tooMany('en'));
  await expect(repeat).toBeFocused();
  await expect(repeat).toHaveValue('daily');
  await expect(editor.title).toHaveValue(`${title}, daily`);
  // Nothing was queued: the series is as it was.
  const events = await eventsNamed(request, title);
  expect(events.map((event) => event.title)).not.toContain(`${title}, daily`);
  expect(pageErrors).toEqual([]);
});
