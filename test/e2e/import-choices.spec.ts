/**
 * The import preview's choices: a CSV column the check did not recognise gets a select of the
 * columns Marquee knows ("Leave out" until chosen), and the file is checked again with it; a
 * file whose only problems are rows that cannot be read offers to import the good ones without
 * them. Nothing is written until the user chooses. Screenshots in English and Japanese.
 */
import type { Page } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { eventsNamed } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openIn } from './ui-language.ts';

const en = RESOURCES.en.common;
const ja = RESOURCES.ja.common;

const csv = (name: string, text: string) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(text),
});

/** A file with a column TEC's importer does not name: the entrance fee, in German. */
const feeFile = (stamp: number, title: string) =>
  csv(
    'abende.csv',
    'Event Name,Event Start Date,Event Start Time,Event End Time,Eintritt\n' +
      `${title} ${stamp},2027-06-11,19:30,21:00,12\n`,
  );

/** One good row and one that cannot be read (30 February). */
const brokenFile = (stamp: number, good: string, broken: string) =>
  csv(
    'flohmarkt.csv',
    'Event Name,Event Start Date,Event Start Time,Event End Time\n' +
      `${good} ${stamp},2027-06-12,09:00,14:00\n` +
      `${broken} ${stamp},2027-02-30,09:00,14:00\n`,
  );

async function openImport(page: Page, words: typeof en, file: ReturnType<typeof csv>) {
  await page.getByRole('button', { name: words.commands.importFile }).click();
  const dialog = page.getByRole('dialog', { name: words.files.importTitle });
  await dialog.getByLabel(words.files.chooseFile, { exact: true }).setInputFiles(file);
  await dialog.getByRole('button', { name: words.files.check }).click();
  return dialog;
}

test('maps a column the import did not recognise, checks again, and imports it', async ({
  page,
  request,
  pageErrors,
}) => {
  const stamp = Date.now();
  await openIn(page, 'en');
  const dialog = await openImport(page, en, feeFile(stamp, 'Cellar fee night'));
  const columns = dialog.getByRole('region', { name: en.files.columnsTitle });
  const fee = columns.getByLabel('Eintritt', { exact: true });
  await expect(fee).toHaveValue('');
  await expect(fee.locator('option:checked')).toHaveText(en.files.leaveOut);
  // Only the column it does not know: the others were read by their names.
  await expect(columns.getByRole('combobox')).toHaveCount(1);
  await fee.selectOption('event_cost');
  // The preview no longer says what an import would do: check again before importing.
  await expect(
    dialog.getByRole('button', { name: en.files.confirmImport, exact: true }),
  ).toHaveCount(0);
  await dialog.getByRole('button', { name: en.files.recheck }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'The file holds 1 record: its one row below the header. Importing it will:',
  );
  await expect(fee).toHaveValue('event_cost');
  expect(await eventsNamed(request, `Cellar fee night ${stamp}`)).toHaveLength(0);
  await dialog.getByRole('button', { name: en.files.confirmImport, exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Imported 1 record:');
  const [event] = await eventsNamed(request, `Cellar fee night ${stamp}`);
  expect(event?.cost).toMatch(/12/);
  await dialog.getByRole('button', { name: en.files.close }).click();
  expect(pageErrors).toEqual([]);

  await openIn(page, 'ja');
  const japanese = await openImport(page, ja, feeFile(stamp, '地下の夕べ'));
  const choice = japanese
    .getByRole('region', { name: ja.files.columnsTitle })
    .getByLabel('Eintritt', { exact: true });
  await expect(choice.locator('option:checked')).toHaveText(ja.files.leaveOut);
  await choice.selectOption('event_cost');
  await expect(japanese.getByRole('button', { name: ja.files.recheck })).toBeVisible();
  await japanese.getByRole('button', { name: ja.editor.cancel }).click();
  expect(await eventsNamed(request, `地下の夕べ ${stamp}`, 'ja')).toHaveLength(0);
});

test('imports the good rows of a file without the broken ones, when the user chooses to', async ({
  page,
  request,
  pageErrors,
}) => {
  const stamp = Date.now();
  await openIn(page, 'en');
  const dialog = await openImport(page, en, brokenFile(stamp, 'Flea market', 'Leap flea'));
  await expect(dialog.getByRole('alert')).toHaveText(en.files.problemsTitle);
  await expect(
    dialog.getByRole('region', { name: en.files.problemsTitle }).getByRole('listitem'),
  ).toHaveText(['Line 3: event_start_date "2027-02-30" is not a date on the calendar']);
  await expect(dialog.getByText(en.files.problemsSkippable)).toBeVisible();
  const skip = dialog.getByRole('button', { name: 'Import the 1 good event, skip this 1' });
  await expect(skip).toBeVisible();
  await expect(
    dialog.getByRole('button', { name: en.files.confirmImport, exact: true }),
  ).toHaveCount(0);
  // Nothing is written until the user chooses.
  expect(await eventsNamed(request, `${stamp}`)).toHaveLength(0);
  await skip.click();
  await expect(dialog.getByRole('status')).toHaveText('Imported 1 record:');
  const notes = dialog.getByRole('region', { name: en.files.notesTitleDone });
  await expect(notes.getByRole('listitem')).toHaveText([
    en.files.noteLine
      .replace('{{line}}', '3')
      .replace(
        '{{text}}',
        en.files.note.skipped.replace(
          '{{reason}}',
          'event_start_date "2027-02-30" is not a date on the calendar',
        ),
      ),
  ]);
  const imported = await eventsNamed(request, `${stamp}`);
  expect(imported.map((event) => event.title)).toEqual([`Flea market ${stamp}`]);
  await dialog.getByRole('button', { name: en.files.close }).click();
  expect(pageErrors).toEqual([]);

  await openIn(page, 'ja');
  const japanese = await openImport(page, ja, brokenFile(stamp, '蚤の市', 'うるう日の市'));
  await expect(
    japanese.getByRole('button', { name: '正常な 1 件のイベントを取り込み、この 1 件を飛ばす' }),
  ).toBeVisible();
  await japanese.getByRole('button', { name: ja.editor.cancel }).click();
  expect(await eventsNamed(request, `蚤の市 ${stamp}`, 'ja')).toHaveLength(0);
});
