/**
 * Times in the calendar's views are written by Intl whole in the UI language: with the browser's
 * region (en-US here) on a 12-hour clock, English reads "8:00 – 10:00 PM" and Bulgarian, whose
 * 12-hour form would put "ч." beside a Latin "pm", its own 24-hour clock; never a splice.
 */
import type { Page } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { createEvent } from './api.ts';
import { expect, test } from './fixtures.ts';
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
