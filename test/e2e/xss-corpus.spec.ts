/**
 * The XSS corpus (test/fixtures/xss/corpus.json) in records the editor shows: events whose
 * title, description, excerpt and cost hold it, at a venue named with it, written by the owner
 * (an admin keeps markup, WordPress's rule: the worst case the editor meets). The calendar,
 * the event editor and the printed programme show them, and no script of the corpus runs: no
 * dialog opens, no element holds its handlers or javascript: URLs.
 */
import type { Page } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import corpus from '../fixtures/xss/corpus.json' with { type: 'json' };
import { adminHeaders, createEvent } from './api.ts';
import { expect, test } from './fixtures.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { EventEditor } from './pages/event-editor.ts';

const en = RESOURCES.en.common;
const PER_EVENT = 12;

/** What of the corpus made it into the page as live markup. */
function leftInPage(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes]
        .filter(
          (attribute) =>
            (/^on/i.test(attribute.name) && /alert|eval/.test(attribute.value)) ||
            /^\s*(javascript|vbscript|data):/i.test(attribute.value),
        )
        .map((attribute) => `${element.tagName} ${attribute.name}=${attribute.value}`),
    ),
  );
}

test('no script of the corpus runs in the calendar, the editor or the printed programme', async ({
  page,
  request,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  const stamp = Date.now();
  const venue = await request.post('/wp-json/tribe/events/v1/venues', {
    headers: adminHeaders,
    data: { venue: `Corpus hall ${stamp} ${corpus.payloads[2]}` },
  });
  const { id: venueId } = (await venue.json()) as { id: number };
  const titles: string[] = [];
  for (let start = 0; start < corpus.payloads.length; start += PER_EVENT) {
    const part = corpus.payloads.slice(start, start + PER_EVENT);
    const title = `Corpus ${start} ${stamp}`;
    titles.push(title);
    await createEvent(request, {
      title: `${title} ${part[0]}`,
      description: part.join('\n\n'),
      excerpt: part.join(' '),
      cost: part[1],
      start_date: `2029-03-1${start / PER_EVENT} 20:00:00`,
      end_date: `2029-03-1${start / PER_EVENT} 22:00:00`,
      venue: venueId,
    });
  }
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.view('monthView').click();
  await calendar.goTo('2029-03-10');
  for (const title of titles) {
    await calendar.event(title).first().click();
    const editor = new EventEditor(page);
    await expect(editor.title).toHaveValue(new RegExp(`^${title}`));
    await expect(editor.description).toBeVisible();
    expect(await leftInPage(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(editor.dialog).toBeHidden();
  }
  await calendar.view('listView').click();
  await page.keyboard.press('Control+p');
  const print = page.getByRole('dialog', { name: en.programme.title });
  await print.getByLabel(en.files.from).fill('2029-03-01');
  await print.getByLabel(en.files.to).fill('2029-03-31');
  await print.getByRole('button', { name: en.programme.print, exact: true }).click();
  await page.emulateMedia({ media: 'print' });
  const programme = page.locator('.print-programme');
  await expect(programme).toContainText(titles[0]!);
  expect(await leftInPage(page)).toEqual([]);
  expect(dialogs).toEqual([]);
});
