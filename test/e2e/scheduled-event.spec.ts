/**
 * A scheduled event (status `future`: published with a publication date still to come) in
 * Chromium: the calendar's label and the editor's status say when it will be published, in the
 * UI language. Screenshots of the editor in English and Japanese.
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import type { Language } from '#shared/languages.ts';
import { adminHeaders, createEvent } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openIn } from './ui-language.ts';
import { EventEditor } from './pages/event-editor.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** "Scheduled for <when>" in `language`, with the publication year somewhere in <when>. */
function scheduledFor(language: Language, year: number): RegExp {
  const [before = '', after = ''] =
    RESOURCES[language].common.editor.scheduledFor.split('{{when}}');
  return new RegExp(`${escape(before)}.*${year}.*${escape(after)}`);
}

for (const language of ['en', 'ja'] as const) {
  test(`says when a scheduled event will be published (${language})`, async ({
    page,
    request,
    pageErrors,
  }) => {
    const common = RESOURCES[language].common;
    const title = `Season opening ${language} ${Date.now()}`;
    // Published in 40 days, on the hour (the server's clock is the real one); on stage a week later.
    const publishAt = Math.ceil((Date.now() + 40 * DAY_MS) / HOUR_MS) * HOUR_MS;
    const day = utc(publishAt + 7 * DAY_MS).slice(0, 10);
    const created = await createEvent(request, {
      title,
      description: '<p>The new season opens with Mahler’s <strong>Second</strong>.</p>',
      start_date: `${day} 19:30:00`,
      end_date: `${day} 21:30:00`,
      date_utc: utc(publishAt),
      venue: { venue: `Great hall ${language}`, city: 'Berlin' },
      categories: [`Symphonic ${language}`],
    });
    expect(created.status).toBe('future');
    const label = scheduledFor(language, new Date(publishAt).getUTCFullYear());

    await openIn(page, language);
    const toolbar = page.getByRole('toolbar', { name: common.calendar.toolbar });
    await toolbar.getByRole('button', { name: common.commands.monthView, exact: true }).click();
    await toolbar.getByLabel(common.commands.goToDate).fill(day);
    const entry = page.getByRole('button', { name: new RegExp(escape(title)) });
    await expect(entry).toContainText(label);

    await entry.click();
    const editor = new EventEditor(page);
    await expect(editor.dialog.getByLabel(common.field.title, { exact: true })).toHaveValue(title);
    const status = editor.dialog.getByLabel(common.field.status, { exact: true });
    await expect(status).toHaveValue('future');
    await expect(status).toHaveAccessibleDescription(label);
    expect(pageErrors).toEqual([]);
  });
}

test('says when a scheduled venue will be published', async ({ page, request, pageErrors }) => {
  const en = RESOURCES.en.common;
  const name = `Summer stage ${Date.now()}`;
  const publishAt = Math.ceil((Date.now() + 20 * DAY_MS) / HOUR_MS) * HOUR_MS;
  const reply = await request.post('/wp-json/tribe/events/v1/venues', {
    headers: adminHeaders,
    data: { venue: name, city: 'Berlin', date_utc: utc(publishAt) },
  });
  expect(((await reply.json()) as { status: string }).status).toBe('future');
  await page.goto('/#/venues');
  await page.getByRole('link', { name: new RegExp(escape(name)) }).click();
  await expect(page.getByLabel(en.field.status, { exact: true })).toHaveAccessibleDescription(
    scheduledFor('en', new Date(publishAt).getUTCFullYear()),
  );
  expect(pageErrors).toEqual([]);
});
