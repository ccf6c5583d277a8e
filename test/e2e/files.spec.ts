/**
 * Calendar files in the editor: the import dialog checks a file and shows what it would do
 * (counts, rows, problems by line) before anything is written, then imports it; the export
 * dialog downloads a file. Results checked through the REST API and in the calendar.
 */
import { readFile } from 'node:fs/promises';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { eventsNamed } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openIn } from './ui-language.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { readmeScreenshot } from './readme-screenshot.ts';

const en = RESOURCES.en.common;

const csvFile = (rows: string) => ({
  name: 'concerts.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    `Event Name,Event Start Date,Event Start Time,Event End Time,Event Category,Event Venue Name\n${rows}`,
  ),
});

test('imports a CSV after showing what it will do, all of it', async ({
  page,
  request,
  pageErrors,
}) => {
  const stamp = Date.now();
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await page.getByRole('navigation').getByRole('button', { name: en.commands.importFile }).click();
  const dialog = page.getByRole('dialog', { name: en.files.importTitle });
  await dialog
    .getByLabel(en.files.chooseFile, { exact: true })
    .setInputFiles(
      csvFile(
        `Harp recital ${stamp},2027-08-12,19:30,21:00,Classical ${stamp},Chapel ${stamp}\n` +
          `Organ night ${stamp},08/13/2027,8 pm,10 pm,Classical ${stamp},Chapel ${stamp}\n`,
      ),
    );
  await dialog.getByRole('button', { name: en.files.check }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'The file holds 2 records: one per row below the header. Importing it will:',
  );
  await expect(dialog.getByRole('definition').first()).toHaveText('2');
  await expect(
    dialog.getByRole('row', { name: new RegExp(`Organ night ${stamp}.*new`) }),
  ).toBeVisible();
  // Times as the event keeps them: its wall time, with its zone named.
  await expect(
    dialog
      .getByRole('row', { name: new RegExp(`Harp recital ${stamp}`) })
      .getByRole('cell')
      .nth(2),
  ).toHaveText(/^Aug 12, 2027, 7:30\s–\s9:00\sPM \(Europe\/Berlin\)$/);
  expect(await eventsNamed(request, `${stamp}`)).toHaveLength(0);

  await dialog.getByRole('button', { name: en.files.confirmImport, exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Imported 2 records:');
  const imported = await eventsNamed(request, `${stamp}`);
  expect(imported.map((event) => [event.title, event.start_date]).sort()).toEqual([
    [`Harp recital ${stamp}`, '2027-08-12 19:30:00'],
    [`Organ night ${stamp}`, '2027-08-13 20:00:00'],
  ]);
  await dialog.getByRole('button', { name: en.files.close }).click();
  await calendar.view('monthView').click();
  await calendar.goTo('2027-08-12');
  await expect(calendar.event(`Harp recital ${stamp}`)).toBeVisible();
  expect(pageErrors).toEqual([]);
});

type Naming = { title: string; venue: string; first: string; category: string; tags: string };

/** A file that makes one of each linked kind, two organizers in one cell, one with a comma. */
const namingFile = (names: Naming) => ({
  name: 'readings.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    'Event Name,Event Start Date,Event Start Time,Event End Time,Event Venue Name,Event Organizer Name(s) or ID(s),Event Category,Event Tags\n' +
      `${names.title},2027-11-05,19:30,21:00,${names.venue},"${names.first}, ""Woodhouse, Chelsea S.""",${names.category},"${names.tags}"\n`,
  ),
});

test('names every record the import will create, a name with a comma as one', async ({
  page,
  request,
  pageErrors,
}) => {
  const stamp = Date.now();
  await openIn(page, 'en');
  await page.getByRole('navigation').getByRole('button', { name: en.commands.importFile }).click();
  const dialog = page.getByRole('dialog', { name: en.files.importTitle });
  await dialog.getByLabel(en.files.chooseFile, { exact: true }).setInputFiles(
    namingFile({
      title: `Poetry night ${stamp}`,
      venue: 'Blue Note Hall',
      first: 'Acme Events',
      category: 'Poetry & spoken word',
      tags: 'late, free entry',
    }),
  );
  await dialog.getByRole('button', { name: en.files.check }).click();
  // Each kind's names are a list named by the kind, each name an item of its own.
  const chips = (label: string) =>
    dialog
      .getByRole('region', { name: en.files.createdNames })
      .getByRole('list', { name: label })
      .getByRole('listitem');
  await expect(chips(en.files.createdVenues)).toHaveText(['Blue Note Hall']);
  await expect(chips(en.files.createdOrganizers)).toHaveText([
    'Acme Events',
    'Woodhouse, Chelsea S.',
  ]);
  await expect(chips(en.files.createdCategories)).toHaveText(['Poetry & spoken word']);
  await expect(chips(en.files.createdTags)).toHaveText(['late', 'free entry']);
  await readmeScreenshot(page, 'import-preview');
  await dialog.getByRole('button', { name: en.editor.cancel }).click();
  expect(await eventsNamed(request, `${stamp}`)).toHaveLength(0);
  expect(pageErrors).toEqual([]);

  const ja = RESOURCES.ja.common;
  await openIn(page, 'ja');
  await page.getByRole('navigation').getByRole('button', { name: ja.commands.importFile }).click();
  const japanese = page.getByRole('dialog', { name: ja.files.importTitle });
  await japanese.getByLabel(ja.files.chooseFile, { exact: true }).setInputFiles(
    namingFile({
      title: `詩の夕べ ${stamp}`,
      venue: '青山ホール',
      first: 'アクメ企画',
      category: '朗読',
      tags: '夜, 入場無料',
    }),
  );
  await japanese.getByRole('button', { name: ja.files.check }).click();
  await expect(
    japanese.getByRole('list', { name: ja.files.createdOrganizers }).getByRole('listitem'),
  ).toHaveText(['アクメ企画', 'Woodhouse, Chelsea S.']);
  await readmeScreenshot(page, 'import-preview-ja');
});

test('shows a bad file’s problems by line and imports nothing', async ({ page, request }) => {
  const stamp = Date.now();
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await page.keyboard.press('Control+o');
  const dialog = page.getByRole('dialog', { name: en.files.importTitle });
  await dialog
    .getByLabel(en.files.chooseFile, { exact: true })
    .setInputFiles(
      csvFile(`Fine ${stamp},2027-09-01,10:00,11:00,,\nBroken ${stamp},2027-09-31,10:00,11:00,,\n`),
    );
  await dialog.getByRole('button', { name: en.files.check }).click();
  await expect(dialog.getByRole('alert')).toHaveText(en.files.problemsTitle);
  await expect(
    dialog.getByText(/^Line 3: event_start_date "2027-09-31" is not a date/),
  ).toBeVisible();
  await expect(
    dialog.getByRole('button', { name: en.files.confirmImport, exact: true }),
  ).toHaveCount(0);
  await dialog.getByRole('button', { name: en.editor.cancel }).click();
  await expect(dialog).toBeHidden();
  expect(await eventsNamed(request, `${stamp}`)).toHaveLength(0);
});

test('exports events as a CSV file, and one event as .ics from its editor', async ({ page }) => {
  const stamp = Date.now();
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await page.getByRole('navigation').getByRole('button', { name: en.commands.importFile }).click();
  const importer = page.getByRole('dialog', { name: en.files.importTitle });
  await importer
    .getByLabel(en.files.chooseFile, { exact: true })
    .setInputFiles(
      csvFile(
        `Export me ${stamp},2027-10-01,18:00,19:00,Shown ${stamp},\n` +
          `=HYPERLINK(A${stamp}),2027-10-01,18:00,19:00,Shown ${stamp},\n` +
          `Leave me ${stamp},2027-10-01,20:00,21:00,Other ${stamp},\n`,
      ),
    );
  await importer.getByRole('button', { name: en.files.check }).click();
  await importer.getByRole('button', { name: en.files.confirmImport, exact: true }).click();
  await importer.getByRole('button', { name: en.files.close }).click();

  await page.getByRole('button', { name: en.commands.exportFile }).click();
  const dialog = page.getByRole('dialog', { name: en.files.exportTitle });
  await dialog.getByLabel(en.files.formatCsv).check();
  await expect(dialog.getByLabel(en.files.spreadsheetSafe)).toBeChecked();
  await dialog.getByLabel(en.files.from, { exact: true }).fill('2027-10-01');
  await dialog.getByLabel(en.files.to, { exact: true }).fill('2027-10-01');
  await dialog.getByLabel(en.field.categoryUuids).selectOption({ label: `Shown ${stamp}` });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: en.files.download }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^events-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path()) ?? '', 'utf8');
  // Spreadsheet-safe unless unticked: a BOM, and a formula kept from running by a leading '.
  expect(text.split('\n')[0]).toMatch(/^\uFEFFuuid,language,event_name,/);
  expect(text).toContain(`Export me ${stamp}`);
  expect(text).toContain(`,'=HYPERLINK(A${stamp}),`);
  expect(text).not.toContain(`Leave me ${stamp}`);
  await expect(dialog.getByRole('status')).toHaveText(`Saved ${download.suggestedFilename()}.`);
  await dialog.getByRole('button', { name: en.files.close }).click();

  await calendar.view('monthView').click();
  await calendar.goTo('2027-10-01');
  await calendar.event(`Export me ${stamp}`).click();
  const [single] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('dialog').getByRole('button', { name: en.files.eventIcs }).click(),
  ]);
  const ics = await readFile((await single.path()) ?? '', 'utf8');
  expect(ics).toContain(`SUMMARY:Export me ${stamp}`);
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
});

test('shows an all-day event of a file by its date, in Japanese too', async ({ page }) => {
  const ja = RESOURCES.ja.common;
  const stamp = Date.now();
  await openIn(page, 'ja');
  await page.getByRole('navigation').getByRole('button', { name: ja.commands.importFile }).click();
  const dialog = page.getByRole('dialog', { name: ja.files.importTitle });
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Marquee e2e//EN',
    'BEGIN:VEVENT',
    `UID:fair-${stamp}@e2e`,
    'DTSTAMP:20261123T120000Z',
    'DTSTART;VALUE=DATE:20271224',
    'DTEND;VALUE=DATE:20271225',
    `SUMMARY:Christmas fair ${stamp}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  await dialog.getByLabel(ja.files.chooseFile, { exact: true }).setInputFiles({
    name: 'fair.ics',
    mimeType: 'text/calendar',
    buffer: Buffer.from(ics),
  });
  await dialog.getByRole('button', { name: ja.files.check }).click();
  const row = dialog.getByRole('row', { name: new RegExp(`Christmas fair ${stamp}`) });
  await expect(row.getByRole('cell').nth(2)).toHaveText('2027/12/24');
});

test('imports a recurring event of a file as a series, marked in the preview and the calendar', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await page.getByRole('navigation').getByRole('button', { name: en.commands.importFile }).click();
  const dialog = page.getByRole('dialog', { name: en.files.importTitle });
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Marquee e2e//EN',
    'BEGIN:VEVENT',
    `UID:quiz-${stamp}@e2e`,
    'DTSTAMP:20261123T120000Z',
    'DTSTART;TZID=Europe/Berlin:20270903T200000',
    'DTEND;TZID=Europe/Berlin:20270903T220000',
    'RRULE:FREQ=WEEKLY;BYDAY=FR;COUNT=4',
    `SUMMARY:Pub quiz ${stamp}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  await dialog.getByLabel(en.files.chooseFile, { exact: true }).setInputFiles({
    name: 'quiz.ics',
    mimeType: 'text/calendar',
    buffer: Buffer.from(ics),
  });
  await dialog.getByRole('button', { name: en.files.check }).click();
  const row = dialog.getByRole('row', { name: new RegExp(`Pub quiz ${stamp}`) });
  await expect(row.getByRole('cell').nth(1)).toHaveText(`${en.repeat.mark}Pub quiz ${stamp}`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: en.files.confirmImport, exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Imported 1 record:');
  const imported = await eventsNamed(request, `${stamp}`);
  expect(imported.map((event) => event.start_date).sort()).toEqual([
    '2027-09-03 20:00:00',
    '2027-09-10 20:00:00',
    '2027-09-17 20:00:00',
    '2027-09-24 20:00:00',
  ]);
  await dialog.getByRole('button', { name: en.files.close }).click();
  await calendar.view('monthView').click();
  await calendar.goTo('2027-09-17');
  await expect(calendar.event(`Pub quiz ${stamp}`)).toHaveCount(4);
  await expect(calendar.event(`Pub quiz ${stamp}`).first()).toContainText(en.repeat.mark);
});

for (const [language, typed, shown, pattern] of [
  ['en', '10/1/2027', '10/01/2027', 'MM/DD/YYYY'],
  ['ja', '2027/10/1', '2027/10/01', '年/月/日'],
] as const) {
  test(`the export's dates are typed and shown in the UI language (${language})`, async ({
    page,
    pageErrors,
  }) => {
    const words = RESOURCES[language].common;
    await openIn(page, language);
    await page.getByRole('button', { name: words.commands.exportFile }).click();
    const dialog = page.getByRole('dialog', { name: words.files.exportTitle });
    const from = dialog.getByLabel(words.files.from, { exact: true });
    await expect(from).toHaveAttribute('placeholder', pattern);
    await from.fill(typed);
    await from.blur();
    await expect(from).toHaveValue(shown);
    // What is no date is marked, and leaving the field puts the last date back.
    await from.fill('31/31/2027');
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await from.blur();
    await expect(from).toHaveValue(shown);
    await expect(from).not.toHaveAttribute('aria-invalid');
    await readmeScreenshot(dialog, language === 'en' ? 'export-dates' : `export-dates-${language}`);
    expect(pageErrors).toEqual([]);
  });
}
