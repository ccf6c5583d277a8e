/**
 * A file from the wild: the import preview says, in the user's words, what it reads without
 * the file saying it (an event without a title, a zone nobody can tell) and what it leaves out
 * (a to-do), each on its line; nothing of that refuses the file.
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import { expect, test } from './fixtures.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';

const en = RESOURCES.en.common;

test('the import preview lists its notes: a title given, a zone guessed, a to-do left out', async ({
  page,
}) => {
  const stamp = Date.now();
  await new CalendarScreen(page).open();
  await page.getByRole('button', { name: en.commands.importFile }).click();
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
