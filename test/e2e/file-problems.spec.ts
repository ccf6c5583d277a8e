/**
 * A broken calendar file in the editor's import dialog: the preview lists every problem the
 * server found, each with its line (and an ICS event's UID), and offers no import.
 */
import { readFile } from 'node:fs/promises';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { eventsNamed } from './api.ts';
import { expect, test } from './fixtures.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';

const en = RESOURCES.en.common;

test('lists every problem of a broken ICS file, each with its line and UID', async ({
  page,
  request,
  pageErrors,
}) => {
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await page.keyboard.press('Control+o');
  const dialog = page.getByRole('dialog', { name: en.files.importTitle });
  // The app's own words, not the browser's "Choose file" / "No file chosen".
  await expect(dialog.getByText(en.files.chooseButton)).toBeVisible();
  await expect(dialog.getByText(en.files.noFileChosen)).toBeVisible();
  await dialog.getByLabel(en.files.chooseFile, { exact: true }).setInputFiles({
    name: 'programm.ics',
    mimeType: 'text/calendar',
    buffer: await readFile('test/fixtures/ics/google-bad-start-cut.ics'),
  });
  await expect(dialog.getByText('programm.ics')).toBeVisible();
  await dialog.getByRole('button', { name: en.files.check }).click();
  await expect(dialog.getByRole('alert')).toHaveText(en.files.problemsTitle);
  // What is wrong and that nothing is written, not "holds 0 records. Importing it will:".
  await expect(dialog.getByRole('status')).toHaveText(en.files.nothingWritten);
  await expect(dialog.getByRole('listitem')).toHaveText([
    'Line 287 (VEVENT kh-sept31@google.com): DTSTART "20240931T200000" is not a date on the calendar',
    'Line 372 (VEVENT kh-cut@google.com): BEGIN:VEVENT has no END: the file ends on line 379 (cut short?)',
  ]);
  await expect(
    dialog.getByRole('button', { name: en.files.confirmImport, exact: true }),
  ).toHaveCount(0);
  await dialog.getByRole('button', { name: en.editor.cancel }).click();
  expect(await eventsNamed(request, 'Abend Nr.')).toHaveLength(0);
  expect(pageErrors).toEqual([]);
});

test('lists every bad row of a CSV file with its line', async ({ page }) => {
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await page.keyboard.press('Control+o');
  const dialog = page.getByRole('dialog', { name: en.files.importTitle });
  await dialog.getByLabel(en.files.chooseFile, { exact: true }).setInputFiles({
    name: 'rows.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Event Name,Event Start Date,Event Start Time,Feature Event\n' +
        'Fine,2027-09-01,10:00,no\n' +
        'Broken date,2027-09-31,10:00,no\n' +
        'Broken time,2027-09-02,10:99,no\n' +
        'Unsure,2027-09-03,10:00,maybe\n',
    ),
  });
  await dialog.getByRole('button', { name: en.files.check }).click();
  await expect(dialog.getByRole('listitem')).toHaveText([
    /^Line 3: event_start_date "2027-09-31"/,
    /^Line 4: event_start_time "10:99"/,
    /^Line 5: feature_event "maybe" must be yes or no/,
  ]);
});

test('counts a CSV file’s records as its rows below the header', async ({ page }) => {
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await page.keyboard.press('Control+o');
  const dialog = page.getByRole('dialog', { name: en.files.importTitle });
  const rows = Array.from(
    { length: 3 },
    (_, index) => `Counted row ${index} ${Date.now()},2027-09-0${index + 1},10:00`,
  );
  await dialog.getByLabel(en.files.chooseFile, { exact: true }).setInputFiles({
    name: 'three.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['Event Name,Event Start Date,Event Start Time', ...rows].join('\n')),
  });
  await dialog.getByRole('button', { name: en.files.check }).click();
  await expect(dialog.getByRole('status').first()).toHaveText(
    en.files.wouldImportRows_other.replace('{{count}}', '3'),
  );
});
