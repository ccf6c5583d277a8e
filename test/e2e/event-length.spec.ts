/**
 * An event's length in the editor: moving the start moves the end with it, and a save that
 * makes an event last more than a day, which it did not before, asks first.
 */
import type { APIRequestContext } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { createEvent } from './api.ts';
import { expect, test } from './fixtures.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';
import { EventEditor } from './pages/event-editor.ts';

const en = RESOURCES.en.common;

async function datesOf(request: APIRequestContext, id: number): Promise<string[]> {
  const reply = await request.get(`/wp-json/tribe/events/v1/events/${id}`);
  const event = (await reply.json()) as { start_date: string; end_date: string };
  return [event.start_date, event.end_date];
}

test('moving the start keeps the event’s length', async ({ page, request, pageErrors }) => {
  const title = `Late show ${Date.now()}`;
  const { id } = await createEvent(request, {
    title,
    start_date: '2027-09-16 20:00:00',
    end_date: '2027-09-16 22:30:00',
  });
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.view('monthView').click();
  await calendar.goTo('2027-09-16');
  await calendar.event(title).click();
  const editor = new EventEditor(page);
  await editor.field(en.field.start).fill('2027-09-15');
  await expect(editor.field(en.field.end)).toHaveValue('09/15/2027');
  await editor.field(en.editor.startTime).fill('21:00');
  await expect(editor.field(en.editor.endTime)).toHaveValue('11:30 PM');
  await editor.save();
  await expect(editor.dialog).toBeHidden();
  await expect
    .poll(() => datesOf(request, id))
    .toEqual(['2027-09-15 21:00:00', '2027-09-15 23:30:00']);
  expect(pageErrors).toEqual([]);
});

test('a save that makes an evening last two days asks first', async ({ page, request }) => {
  const title = `Overnight ${Date.now()}`;
  const { id } = await createEvent(request, {
    title,
    start_date: '2027-09-23 20:00:00',
    end_date: '2027-09-23 22:30:00',
  });
  const calendar = new CalendarScreen(page);
  await calendar.open();
  await calendar.view('monthView').click();
  await calendar.goTo('2027-09-23');
  await calendar.event(title).first().click();
  const editor = new EventEditor(page);
  await editor.field(en.field.end).fill('2027-09-24');
  await editor.save();
  const question = editor.dialog.getByRole('alertdialog', { name: en.editor.longQuestion });
  await expect(question).toBeVisible();
  // Keep editing: back to the end, nothing saved.
  await question.getByRole('button', { name: en.editor.keepEditing }).click();
  await expect(editor.field(en.field.end)).toBeFocused();
  expect(await datesOf(request, id)).toEqual(['2027-09-23 20:00:00', '2027-09-23 22:30:00']);

  await editor.save();
  await question.getByRole('button', { name: en.editor.save }).click();
  await expect(editor.dialog).toBeHidden();
  await expect
    .poll(() => datesOf(request, id))
    .toEqual(['2027-09-23 20:00:00', '2027-09-24 22:30:00']);
});
