/**
 * A file from the wild: the import preview says, in the user's words, what it reads without
 * the file saying it (an event without a title, a zone nobody can tell) and what it leaves out
 * (a to-do), each on its line; nothing of that refuses the file. An event of several days
 * shows them all, and once imported the notes say how the file was read, not what to know
 * before.
 */
import type { Page } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import type { Language } from '#shared/languages.ts';
import { eventsNamed } from './api.ts';
import { expect, test } from './fixtures.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { inLanguage, readmeScreenshot } from './readme-screenshot.ts';
import { openIn } from './ui-language.ts';

const en = RESOURCES.en.common;

test('the import preview lists its notes: a title given, a zone guessed, a to-do left out', async ({
  page,
}) => {
  const stamp = Date.now();
  await new CalendarScreen(page).open();
  await page.getByRole('navigation').getByRole('button', { name: en.commands.importFile }).click();
  const dialog = page.getByRole('dialog', { name: en.files.importTitle });
  const ics = [
    ...['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Marquee e2e//EN'],
    ...['BEGIN:VTODO', `UID:todo-${stamp}@e2e`, 'SUMMARY:Posters', 'END:VTODO'],
    ...['BEGIN:VEVENT', `UID:untitled-${stamp}@e2e`, 'DTSTART:20271203T200000Z', 'END:VEVENT'],
    ...['BEGIN:VEVENT', `UID:zone-${stamp}@e2e`, `SUMMARY:Somewhere ${stamp}`],
    ...['DTSTART;TZID=Europe/Germany:20271204T200000', 'END:VEVENT'],
    ...['END:VCALENDAR', ''],
  ].join('\r\n');
  await dialog.getByLabel(en.files.chooseFile, { exact: true }).setInputFiles({
    name: 'wild.ics',
    mimeType: 'text/calendar',
    buffer: Buffer.from(ics),
  });
  await dialog.getByRole('button', { name: en.files.check }).click();
  const notes = dialog.getByRole('region', { name: en.files.notesTitle });
  await expect(notes.getByRole('listitem')).toHaveText([
    en.files.note.ignoredComponents
      .replace('{{vtodo}}', '1')
      .replace('{{vjournal}}', '0')
      .replace('{{vfreebusy}}', '0'),
    en.files.noteLine
      .replace('{{line}}', '8')
      .replace('{{text}}', en.files.note.untitled.replace('{{count}}', '1')),
    en.files.noteLine
      .replace('{{line}}', '15')
      .replace(
        '{{text}}',
        en.files.note.zoneGuessed
          .replace('{{tzid}}', 'Europe/Germany')
          .replace('{{zone}}', 'Europe/Berlin'),
      ),
  ]);
  await expect(
    dialog.getByRole('row', { name: new RegExp(en.calendar.untitled.replace(/[()]/g, '\\$&')) }),
  ).toBeVisible();
});

/** A three-day festival (all day, 5 to 7 March) beside a to-do the import leaves out. */
const festivalFile = (title: string) => ({
  name: 'festival.ics',
  mimeType: 'text/calendar',
  buffer: Buffer.from(
    [
      ...['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Marquee e2e//EN'],
      ...['BEGIN:VTODO', `UID:todo-${title}@e2e`, 'SUMMARY:Posters', 'END:VTODO'],
      ...['BEGIN:VEVENT', `UID:${title}@e2e`, `SUMMARY:${title}`],
      ...['DTSTART;VALUE=DATE:20270305', 'DTEND;VALUE=DATE:20270308', 'END:VEVENT'],
      ...['END:VCALENDAR', ''],
    ].join('\r\n'),
  ),
});

/** Checks the festival's file in `language`: the preview's dialog and its festival row. */
async function checkFestival(page: Page, language: Language, title: string) {
  const words = RESOURCES[language].common;
  await openIn(page, language);
  await page
    .getByRole('navigation')
    .getByRole('button', { name: words.commands.importFile })
    .click();
  const dialog = page.getByRole('dialog', { name: words.files.importTitle });
  await dialog
    .getByLabel(words.files.chooseFile, { exact: true })
    .setInputFiles(festivalFile(title));
  await dialog.getByRole('button', { name: words.files.check }).click();
  return { dialog, row: dialog.getByRole('row', { name: new RegExp(title) }) };
}

test('a festival of three days shows them all; once imported, the notes say how it was read', async ({
  page,
  request,
  pageErrors,
}) => {
  const stamp = Date.now();
  const title = `Folk festival ${stamp}`;
  const { dialog, row } = await checkFestival(page, 'en', title);
  // Its days as the UI language writes a range, in the event's own calendar days.
  await expect(row.getByRole('cell').nth(2)).toHaveText('Mar 5 – 7, 2027');
  await expect(dialog.getByRole('columnheader').nth(2)).toHaveText(en.files.rowWhen);
  await expect(dialog.getByRole('region', { name: en.files.notesTitle })).toBeVisible();
  await readmeScreenshot(dialog, 'import-range');

  await dialog.getByRole('button', { name: en.files.confirmImport, exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText(/^Imported 1 record/);
  const done = dialog.getByRole('region', { name: en.files.notesTitleDone });
  await expect(done.getByRole('listitem')).toHaveCount(1);
  await expect(dialog).not.toContainText(en.files.notesTitle);
  await expect(dialog).not.toContainText(en.files.importHint);
  await expect(row.getByRole('cell').nth(2)).toHaveText('Mar 5 – 7, 2027');
  await readmeScreenshot(dialog, 'import-done');
  const [festival] = await eventsNamed(request, title);
  expect([festival?.start_date, festival?.end_date]).toEqual([
    '2027-03-05 00:00:00',
    '2027-03-07 23:59:59',
  ]);
  expect(pageErrors).toEqual([]);

  const ja = RESOURCES.ja.common;
  const japanese = await checkFestival(page, 'ja', `秋祭り ${stamp}`);
  await expect(japanese.row.getByRole('cell').nth(2)).toHaveText('2027/03/05～2027/03/07');
  await readmeScreenshot(japanese.dialog, inLanguage('import-range', 'ja'));
  await japanese.dialog.getByRole('button', { name: ja.files.confirmImport, exact: true }).click();
  await expect(
    japanese.dialog.getByRole('region', { name: ja.files.notesTitleDone }),
  ).toBeVisible();
  await readmeScreenshot(japanese.dialog, inLanguage('import-done', 'ja'));
});
