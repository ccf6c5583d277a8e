/**
 * Recurring series in Chromium: a weekly series made in the editor shows on every week with the
 * repeat mark; one occurrence dragged with "This event" moves alone; a title changed with "All
 * events" reaches every occurrence (Cancel in the question keeps what was typed); a whole
 * series dragged to another day comes back with undo. Checked through the REST API. The Repeat
 * control and the scope question in English and Japanese fit their dialog. Rules that
 * cannot be a series: series-problems.spec.ts.
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import type { Language } from '#shared/languages.ts';
import { createEvent, eventsNamed } from './api.ts';
import { expect, test } from './fixtures.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { EventEditor } from './pages/event-editor.ts';
import { openIn } from './ui-language.ts';
import { answerScope } from './pages/scope-question.ts';

const en = RESOURCES.en.common;

/** The occurrences' start dates and titles, by start. */
async function occurrences(request: Parameters<typeof eventsNamed>[0], search: string) {
  const events = await eventsNamed(request, search);
  return events.map((event) => `${event.start_date} ${event.title}`).sort();
}

test('makes a weekly series in the editor, moves one occurrence alone and retitles them all', async ({
  page,
  request,
  pageErrors,
}) => {
  const title = `Jazz Night ${Date.now()}`;
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.toolbar.getByRole('button', { name: en.commands.newEvent }).click();
  const editor = new EventEditor(page);
  await editor.title.fill(title);
  await editor.onDay('2028-02-04', '19:00', '21:00');
  const repeat = editor.field(en.repeat.label);
  await repeat.selectOption({ label: 'Weekly on Friday' });
  await editor.dialog.getByLabel(en.repeat.ends.countField, { exact: true }).fill('6');
  await expect(editor.dialog.getByText('Every week on Friday, 6 times')).toBeVisible();
  await expect(editor.dialog.getByTitle(en.repeat.mark)).toBeVisible(); // the header's mark
  await editor.save();
  await expect(editor.dialog).toBeHidden();

  const fridays = ['02-04', '02-11', '02-18', '02-25', '03-03', '03-10'];
  await expect
    .poll(() => occurrences(request, title))
    .toEqual(fridays.map((day) => `2028-${day} 19:00:00 ${title}`));

  // Every week of the month shows it, marked as repeating.
  await calendar.view('monthView').click();
  await calendar.goTo('2028-02-04');
  await expect(calendar.event(title)).toHaveCount(6);
  for (const occurrence of await calendar.event(title).all())
    await expect(occurrence).toContainText(en.repeat.mark);

  // One occurrence dragged, "This event": it moves alone. Cancel first: it goes back.
  await calendar.view('weekView').click();
  await calendar.goTo('2028-02-11');
  await calendar.dragEvent(title, '2028-02-10', '20:00');
  const moveQuestion = page.getByRole('dialog', { name: en.scope.moveTitle });
  await moveQuestion.getByRole('button', { name: en.editor.cancel }).click();
  await expect(moveQuestion).toBeHidden();
  await expect(page.locator('[data-date="2028-02-11"]').getByText(title)).toBeVisible();
  await calendar.dragEvent(title, '2028-02-10', '20:00');
  await answerScope(page, en.scope.this);
  await expect
    .poll(() => occurrences(request, title))
    .toEqual(
      [
        '2028-02-04 19:00:00',
        '2028-02-10 20:00:00',
        '2028-02-18 19:00:00',
        '2028-02-25 19:00:00',
        '2028-03-03 19:00:00',
        '2028-03-10 19:00:00',
      ].map((start) => `${start} ${title}`),
    );

  // Another one opened shows the series' rule; a new title for "All events".
  await calendar.goTo('2028-02-18');
  await calendar.event(title).first().click();
  await expect(repeat).toHaveValue('weekly');
  await expect(editor.dialog.getByText('Every week on Friday, 6 times')).toBeVisible();
  const newTitle = `${title} at the Blue Note`;
  await editor.title.fill(newTitle);
  await editor.save();
  const editQuestion = page.getByRole('dialog', { name: en.scope.editTitle });
  await expect(editQuestion.getByRole('radio')).toHaveCount(3);
  await editQuestion.getByRole('button', { name: en.editor.cancel }).click();
  await expect(editor.title).toHaveValue(newTitle); // Cancel keeps what was typed.
  await editor.save();
  await answerScope(page, en.scope.all);
  await expect(editor.dialog).toBeHidden();
  await expect
    .poll(async () => (await eventsNamed(request, title)).map((event) => event.title))
    .toEqual(Array.from({ length: 6 }, () => newTitle));
  // The moved one keeps its own time.
  expect(await occurrences(request, title)).toContain(`2028-02-10 20:00:00 ${newTitle}`);
  await calendar.view('monthView').click();
  await expect(calendar.event(newTitle)).toHaveCount(6);

  // To the trash, "This event": the others stay.
  await calendar.event(newTitle).last().click();
  await editor.button(en.editor.trash).click();
  await answerScope(page, en.scope.this);
  await expect(calendar.event(newTitle)).toHaveCount(5);
  await expect.poll(async () => (await eventsNamed(request, title)).length).toBe(5);
  expect(pageErrors).toEqual([]);
});

test('drags a whole series to another day and time, and undoes it', async ({ page, request }) => {
  const title = `Choir ${Date.now()}`;
  await createEvent(request, {
    title,
    start_date: '2028-03-01 10:00:00',
    end_date: '2028-03-01 11:00:00',
    recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=3' },
  });
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.view('weekView').click();
  await calendar.goTo('2028-03-08');
  await calendar.dragEvent(title, '2028-03-09', '14:00');
  await answerScope(page, en.scope.all);
  const thursdays = ['03-02', '03-09', '03-16'].map((day) => `2028-${day} 14:00:00 ${title}`);
  await expect.poll(() => occurrences(request, title)).toEqual(thursdays);

  await page.getByRole('button', { name: en.commands.undo }).click();
  const wednesdays = ['03-01', '03-08', '03-15'].map((day) => `2028-${day} 10:00:00 ${title}`);
  await expect.poll(() => occurrences(request, title)).toEqual(wednesdays);
});

for (const [language, week] of [
  ['en', '2028-04-07'],
  ['ja', '2028-05-05'],
] as const satisfies readonly [Language, string][]) {
  test(`shows the Repeat control and the scope question in ${language}`, async ({
    page,
    request,
    pageErrors,
  }) => {
    const words = RESOURCES[language].common;
    const title = language === 'ja' ? `朝のヨガ ${Date.now()}` : `Morning Yoga ${Date.now()}`;
    await createEvent(request, {
      title,
      start_date: `${week} 08:00:00`,
      end_date: `${week} 09:00:00`,
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=4' },
    });
    await openIn(page, language);
    const toolbar = page.getByRole('toolbar', { name: words.calendar.toolbar });
    await toolbar.getByRole('button', { name: words.commands.weekView, exact: true }).click();
    await toolbar.getByLabel(words.commands.goToDate).fill(week);

    // A new event with a custom rule: every 2 weeks on two days, 10 times.
    await toolbar.getByRole('button', { name: words.commands.newEvent }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(words.field.title, { exact: true }).fill(title);
    await dialog.getByLabel(words.field.start, { exact: true }).fill(week);
    await dialog.getByLabel(words.editor.startTime).fill('08:00');
    await dialog.getByLabel(words.field.end, { exact: true }).fill(week);
    await dialog.getByLabel(words.editor.endTime).fill('09:00');
    await dialog.getByLabel(words.repeat.label, { exact: true }).selectOption('custom');
    await dialog.getByLabel(words.repeat.custom.every, { exact: true }).fill('2');
    const weekdays = dialog.getByRole('group', { name: words.repeat.custom.on });
    await weekdays.getByRole('checkbox').nth(1).check();
    await dialog.getByRole('radio', { name: words.repeat.ends.count }).check();
    await dialog.getByLabel(words.repeat.ends.countField, { exact: true }).fill('12');
    await expect(dialog.locator('.repeat .field-hint')).not.toBeEmpty();
    await dialog.locator('.repeat').scrollIntoViewIfNeeded();
    const spilled = await dialog
      .locator('.repeat *')
      .evaluateAll((all) => all.filter((node) => node.scrollWidth > node.clientWidth + 1).length);
    expect(spilled).toBe(0);
    await dialog.getByRole('button', { name: words.editor.cancel, exact: true }).click();
    await dialog.getByRole('button', { name: words.editor.discard }).click();

    // An occurrence changed: the question, with its three answers.
    await page
      .getByRole('button', { name: new RegExp(title) })
      .first()
      .click();
    await dialog.getByLabel(words.field.title, { exact: true }).fill(`${title}!`);
    await dialog.getByRole('button', { name: words.editor.save }).click();
    const question = page.getByRole('dialog', { name: words.scope.editTitle });
    await expect(question.getByRole('radio')).toHaveCount(3);
    await question.getByRole('button', { name: words.editor.cancel }).click();

    // A new rule from an occurrence: "this event" alone is not offered.
    await dialog.getByLabel(words.repeat.label, { exact: true }).selectOption('daily');
    await dialog.getByRole('button', { name: words.editor.save }).click();
    await expect(question.getByRole('radio')).toHaveCount(2);
    await expect(question.getByText(words.scope.ruleNote)).toBeVisible();
    await question.getByRole('button', { name: words.editor.cancel }).click();
    expect(pageErrors).toEqual([]);
  });
}
