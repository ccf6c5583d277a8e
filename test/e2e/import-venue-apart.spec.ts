/**
 * An ICS file whose LOCATION names a venue the calendar has at another address: the import
 * preview says, on the event's row, that the file's venue is kept apart and under which name.
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import { adminHeaders } from './api.ts';
import { expect, test } from './fixtures.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';

const en = RESOURCES.en.common;

test('the import preview says when a venue of the file is kept apart from its namesake', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const hall = `Blue Note Hall ${stamp}`;
  const made = await request.post('/wp-json/tribe/events/v1/venues', {
    headers: adminHeaders,
    data: { venue: hall, address: '1 Main St', city: 'Springfield' },
  });
  expect(made.status()).toBe(201);
  await new CalendarScreen(page).open();
  await page.getByRole('button', { name: en.commands.importFile }).click();
  const dialog = page.getByRole('dialog', { name: en.files.importTitle });
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Marquee e2e//EN',
    'BEGIN:VEVENT',
    `UID:gig-${stamp}@e2e`,
    'DTSTAMP:20261123T120000Z',
    'DTSTART;TZID=America/New_York:20271203T200000',
    'DTEND;TZID=America/New_York:20271203T230000',
    `SUMMARY:Late gig ${stamp}`,
    `LOCATION:${hall}\\, 131 W 3rd St\\, New York\\, NY 10012`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  await dialog.getByLabel(en.files.chooseFile, { exact: true }).setInputFiles({
    name: 'gig.ics',
    mimeType: 'text/calendar',
    buffer: Buffer.from(ics),
  });
  await dialog.getByRole('button', { name: en.files.check }).click();
  const row = dialog.getByRole('row', { name: new RegExp(`Late gig ${stamp}`) });
  await expect(row.getByRole('cell').nth(1)).toContainText(
    en.files.venueRenamed.replace('{{from}}', hall).replace('{{to}}', `${hall} (New York)`),
  );
});
