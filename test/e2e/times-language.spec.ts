/**
 * Times in the calendar's views are written by Intl whole in the UI language: with the browser's
 * region (en-US here) on a 12-hour clock, English reads "8:00 – 10:00 PM" and Bulgarian, whose
 * 12-hour form would put "ч." beside a Latin "pm", its own 24-hour clock; never a splice.
 */
import type { Page } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { createEvent, eventsNamed } from './api.ts';
import { expect, test } from './fixtures.ts';
import { inLanguage, readmeScreenshot } from './readme-screenshot.ts';
import { openIn } from './ui-language.ts';

async function dayView(page: Page, language: 'en' | 'bg', date: string) {
  const words = RESOURCES[language].common;
  await openIn(page, language);
  const toolbar = page.getByRole('toolbar', { name: words.calendar.toolbar });
  await toolbar.getByLabel(words.commands.goToDate).fill(date);
  await toolbar.getByRole('button', { name: words.commands.dayView, exact: true }).click();
}

test('an evening reads as the UI language writes times, with the region’s clock where it can', async ({
  page,
  request,
}) => {
  const title = `Time words ${Date.now()}`;
  await createEvent(request, {
    title,
    start_date: '2027-11-24 20:00:00',
    end_date: '2027-11-24 22:00:00',
  });
  const event = page.getByRole('button', { name: new RegExp(title) });

  await dayView(page, 'en', '2027-11-24');
  await expect(event).toContainText(/8:00\s?–\s?10:00\sPM/);

  await dayView(page, 'bg', '2027-11-24');
  const bulgarian = new Intl.DateTimeFormat('bg', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: false,
    timeZone: 'UTC',
  }).formatRange(new Date(Date.UTC(2027, 10, 24, 20)), new Date(Date.UTC(2027, 10, 24, 22)));
  await expect(event).toContainText(bulgarian);
  await expect(event).not.toContainText(/[ap]m/i);
  // The hour labels of the grid too.
  await expect(page.getByRole('main')).not.toContainText(/ч\.\s?[ap]m/i);
});

/**
 * The editor's dates and times, and its zone's place, in the UI language: a native date or time
 * input writes the browser's locale (en-US here: "12/10/2027", "07:30 PM") whatever the page's
 * language, so Japanese and Bulgarian read them in their own forms only from text fields.
 */
const EDITOR_WORDS = {
  en: {
    shown: ['12/10/2027', '7:30 PM', '12/10/2027', '9:30 PM', 'New York (UTC−05:00)'],
    typed: ['12/11/2027', '8:00 pm'],
    moved: ['12/11/2027', '10:00 PM'],
  },
  ja: {
    shown: [
      '2027/12/10',
      '午後7:30',
      '2027/12/10',
      '午後9:30',
      '米国東部時間 · New York (UTC−05:00)',
    ],
    typed: ['2027/12/11', '午後8時'],
    moved: ['2027/12/11', '午後10:00'],
  },
  bg: {
    shown: [
      '10.12.2027 г.',
      '19:30',
      '10.12.2027 г.',
      '21:30',
      'Северноамериканско източно време · New York (UTC−05:00)',
    ],
    typed: ['11.12.2027', '20:00'],
    moved: ['11.12.2027 г.', '22:00'],
  },
} as const;

for (const [language, words] of Object.entries(EDITOR_WORDS) as [
  keyof typeof EDITOR_WORDS,
  (typeof EDITOR_WORDS)[keyof typeof EDITOR_WORDS],
][]) {
  test(`the editor writes and reads dates, times and zones in the UI language (${language})`, async ({
    page,
    request,
    pageErrors,
  }) => {
    const common = RESOURCES[language].common;
    const title = `Zone words ${language} ${Date.now()}`;
    await createEvent(request, {
      title,
      start_date: '2027-12-10 19:30:00',
      end_date: '2027-12-10 21:30:00',
      timezone: 'America/New_York',
    });
    await openIn(page, language);
    const toolbar = page.getByRole('toolbar', { name: common.calendar.toolbar });
    // ISO is read in every language; leaving the field writes it in the language's form.
    await toolbar.getByLabel(common.commands.goToDate).fill('2027-12-11');
    await toolbar.getByLabel(common.commands.goToDate).blur();
    await expect(toolbar.getByLabel(common.commands.goToDate)).toHaveValue(
      language === 'bg' ? '11.12.2027 г.' : language === 'ja' ? '2027/12/11' : '12/11/2027',
    );
    await toolbar.getByRole('button', { name: common.commands.listView, exact: true }).click();
    await page.getByRole('button', { name: new RegExp(title) }).click();
    const editor = page.getByRole('dialog');
    const field = (label: string) => editor.getByLabel(label, { exact: true });
    const [startDate, startTime, endDate, endTime, zone] = words.shown;
    await expect(field(common.field.start)).toHaveValue(startDate);
    await expect(field(common.editor.startTime)).toHaveValue(startTime);
    await expect(field(common.field.end)).toHaveValue(endDate);
    await expect(field(common.editor.endTime)).toHaveValue(endTime);
    await expect(field(common.field.timezone).locator('option:checked')).toHaveText(zone);

    // Typed in the language's own form; the end keeps the event's two hours.
    await field(common.field.start).fill(words.typed[0]);
    await field(common.editor.startTime).fill(words.typed[1]);
    await field(common.field.start).blur();
    await field(common.editor.startTime).blur();
    await expect(field(common.field.end)).toHaveValue(words.moved[0]);
    await expect(field(common.editor.endTime)).toHaveValue(words.moved[1]);
    await readmeScreenshot(editor, inLanguage('editor-dates', language));
    await editor.getByRole('button', { name: common.editor.save, exact: true }).click();
    await expect(editor).toBeHidden();
    await expect
      .poll(async () => (await eventsNamed(request, title)).map((e) => [e.start_date, e.end_date]))
      .toEqual([['2027-12-11 20:00:00', '2027-12-11 22:00:00']]);
    expect(pageErrors).toEqual([]);
  });
}
