/**
 * A venue's double-booking settings in its editor: the setup and teardown buffers and the
 * rule, saved and read back through the REST API (`marquee_clashes=1`), in English and
 * Japanese (the README's pictures of the venue form).
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import { adminHeaders, createEvent } from './api.ts';
import { expect, test } from './fixtures.ts';
import { inLanguage, readmeScreenshot } from './readme-screenshot.ts';
import { openIn } from './ui-language.ts';
import type { APIRequestContext, Page } from '@playwright/test';

type Words = (typeof RESOURCES)['en']['common'];

/** A venue made over the API (its booking fields in `fields`); its id. */
async function venueNamed(request: APIRequestContext, name: string, fields = {}) {
  const made = await request.post('/wp-json/tribe/events/v1/venues', {
    headers: adminHeaders,
    data: { venue: name, ...fields },
  });
  return ((await made.json()) as { id: number }).id;
}

/**
 * Opens a new event's form in the UI language and fills its title, day, times and venue (which
 * the replica must hold first: a name not there yet would make a new venue on save).
 */
async function newEventAt(
  page: Page,
  language: 'en' | 'ja',
  event: { title: string; day: string; from: string; to: string; venue: string },
) {
  const words: Words = RESOURCES[language].common;
  await openIn(page, language, '/');
  await page
    .getByRole('toolbar', { name: words.calendar.toolbar })
    .getByRole('button', { name: words.commands.newEvent })
    .click();
  const dialog = page.getByRole('dialog');
  const field = (label: string) => dialog.getByLabel(label, { exact: true });
  await field(words.field.title).fill(event.title);
  await field(words.field.start).fill(event.day);
  await field(words.editor.startTime).fill(event.from);
  await field(words.field.end).fill(event.day);
  await field(words.editor.endTime).fill(event.to);
  await expect(dialog.locator(`datalist option[value="${event.venue}"]`)).toHaveCount(1);
  await field(words.field.venueUuid).fill(event.venue);
  await field(words.field.venueUuid).press('Enter');
  return { dialog, field };
}

for (const language of ['en', 'ja'] as const) {
  test(`a venue's buffers and booking rule are saved from its editor (${language})`, async ({
    page,
    request,
    pageErrors,
  }) => {
    const words = RESOURCES[language].common;
    const name = `Main Hall ${language} ${Date.now()}`;
    const made = await request.post('/wp-json/tribe/events/v1/venues', {
      headers: adminHeaders,
      data: { venue: name, city: 'Ghent' },
    });
    const { id } = (await made.json()) as { id: number };
    await openIn(page, language, '/#/venues');
    await page.getByRole('link', { name: new RegExp(name) }).click();
    const before = page.getByLabel(words.field.bufferBefore, { exact: true });
    await expect(before).toHaveValue('0');
    await expect(page.getByLabel(words.field.booking, { exact: true })).toHaveValue('warn');
    await before.fill('30');
    await page.getByLabel(words.field.bufferAfter, { exact: true }).fill('15');
    await page
      .getByLabel(words.field.booking, { exact: true })
      .selectOption({ label: words.records.booking.strict });
    await page.getByRole('button', { name: words.editor.save }).click();
    await expect
      .poll(async () => {
        const reply = await request.get(`/wp-json/tribe/events/v1/venues/${id}?marquee_clashes=1`, {
          headers: adminHeaders,
        });
        const venue = (await reply.json()) as Record<string, unknown>;
        return [venue.marquee_buffer_before, venue.marquee_buffer_after, venue.marquee_booking];
      })
      .toEqual([30, 15, 'strict']);
    await readmeScreenshot(page.locator('main'), inLanguage('venue-booking', language));
    expect(pageErrors).toEqual([]);
  });
}

for (const language of ['en', 'ja'] as const) {
  test(`the event form says who else books the venue then, and opens it (${language})`, async ({
    page,
    request,
    pageErrors,
  }) => {
    const words = RESOURCES[language].common;
    const hall = `Main Hall ${Date.now()}`;
    const venueId = await venueNamed(request, hall, { marquee_buffer_after: 30 });
    await createEvent(request, {
      title: 'Choir Rehearsal',
      start_date: '2027-05-12 19:00:00',
      end_date: '2027-05-12 21:00:00',
      venue: venueId,
    });
    const { dialog, field } = await newEventAt(page, language, {
      title: 'Quiz',
      day: '2027-05-12',
      from: '21:15',
      to: '23:00',
      venue: hall,
    });
    // The hall's teardown runs to 21:30: a quarter past nine is still taken.
    const note = dialog.getByRole('status').filter({ hasText: hall });
    await expect(note).toContainText('Choir Rehearsal');
    await readmeScreenshot(dialog, inLanguage('event-venue-clash', language));
    // Half past nine is free.
    await field(words.editor.startTime).fill('21:30');
    await expect(note).toBeHidden();
    await field(words.editor.startTime).fill('20:00');
    await note.getByRole('button', { name: 'Choir Rehearsal' }).click();
    await expect(field(words.field.title)).toHaveValue('Choir Rehearsal');
    expect(pageErrors).toEqual([]);
  });
}

for (const language of ['en', 'ja'] as const) {
  test(`a new weekly series names its dates that double-book the venue (${language})`, async ({
    page,
    request,
    pageErrors,
  }) => {
    const words = RESOURCES[language].common;
    const hall = `Studio ${language} ${Date.now()}`;
    const venueId = await venueNamed(request, hall);
    // Three Wednesdays of the year the hall is taken at the series' time, one the day before.
    for (const [title, day] of [
      ['Choir Rehearsal', '2027-02-03'],
      ['Film Night', '2027-06-16'],
      ['Pub Quiz', '2027-11-10'],
      ['Tuesday Talk', '2027-02-02'],
    ] as const)
      await createEvent(request, {
        title,
        start_date: `${day} 20:00:00`,
        end_date: `${day} 22:00:00`,
        venue: venueId,
      });
    const { dialog, field } = await newEventAt(page, language, {
      title: 'Dance Class',
      day: '2027-01-06',
      from: '19:00',
      to: '21:00',
      venue: hall,
    });
    await field(words.repeat.label).selectOption('weekly');
    await dialog.getByRole('radio', { name: words.repeat.ends.count }).check();
    await dialog.getByLabel(words.repeat.ends.countField, { exact: true }).fill('52');
    const note = dialog.getByRole('status').filter({ hasText: hall });
    await expect(note).toContainText(
      words.editor.seriesClashes_other
        .replace('{{count}}', '3')
        .replace('{{total}}', '52')
        .replace('{{venue}}', hall),
    );
    await expect(note.getByRole('listitem')).toHaveCount(3);
    await expect(note.getByRole('button')).toHaveText([
      'Choir Rehearsal',
      'Film Night',
      'Pub Quiz',
    ]);
    await readmeScreenshot(dialog, inLanguage('series-venue-clash', language));
    // An hour earlier, each date ends as the others begin: no clash.
    await field(words.editor.startTime).fill('18:00');
    await field(words.editor.endTime).fill('20:00');
    await expect(note).toBeHidden();
    expect(pageErrors).toEqual([]);
  });
}

for (const language of ['en', 'ja'] as const) {
  test(`a save refused at a strict venue can book anyway from the sync panel (${language})`, async ({
    page,
    request,
    pageErrors,
  }) => {
    const words = RESOURCES[language].common;
    const hall = `Recital Room ${language} ${Date.now()}`;
    const venueId = await venueNamed(request, hall, { marquee_booking: 'strict' });
    await createEvent(request, {
      title: 'Choir Rehearsal',
      start_date: '2027-09-08 19:00:00',
      end_date: '2027-09-08 21:00:00',
      venue: venueId,
    });
    const title = `Piano Night ${language}`;
    const { dialog } = await newEventAt(page, language, {
      title,
      day: '2027-09-08',
      from: '20:00',
      to: '22:00',
      venue: hall,
    });
    await dialog.getByRole('button', { name: words.editor.save }).click();
    // The server refuses it: the change waits in the panel, its reason given, nothing lost.
    const panel = page.getByRole('region', { name: words.sync.panelHeading });
    const card = panel.getByRole('article', { name: new RegExp(title) });
    await expect(card).toContainText(RESOURCES[language].errors.marquee_venue_busy);
    const bookAnyway = card.getByRole('button', { name: words.sync.bookAnyway });
    await bookAnyway.scrollIntoViewIfNeeded();
    await readmeScreenshot(page, inLanguage('book-anyway', language));
    await bookAnyway.click();
    await expect(card).toBeHidden();
    await expect
      .poll(async () => {
        const reply = await request.get(
          `/wp-json/tribe/events/v1/events?venue=${venueId}&start_date=2027-09-08&end_date=2027-09-09`,
          { headers: adminHeaders },
        );
        const body = (await reply.json()) as { events: { title: string }[] };
        return body.events.map((event) => event.title).sort();
      })
      .toEqual(['Choir Rehearsal', title]);
    expect(pageErrors).toEqual([]);
  });
}
