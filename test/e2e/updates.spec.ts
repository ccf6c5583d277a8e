/**
 * Settings → Updates in Chromium: the version running, and the switch that turns this
 * machine's automatic updates off and on, saved to its settings (the desktop app's policy reads
 * it before every look and every install). In a browser, the card says that the installed app
 * shows its update's progress in its own window.
 */
import type { APIRequestContext } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { adminHeaders } from './api.ts';
import { expect, test } from './fixtures.ts';
import { inLanguage, readmeScreenshot } from './readme-screenshot.ts';
import { openIn } from './ui-language.ts';
import { installDesktopBridge, openWithFile } from './desktop-bridge.ts';
import { eventsNamed } from './api.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';

const en = RESOURCES.en.common;

const autoUpdate = async (request: APIRequestContext) =>
  (
    (await (
      await request.get('/wp-json/marquee/v1/settings', { headers: adminHeaders })
    ).json()) as { settings: { autoUpdate: boolean } }
  ).settings.autoUpdate;

test('turns automatic updates off and on, saved for this machine', async ({ page, request }) => {
  const health = (await (await request.get('/wp-json/marquee/v1/health')).json()) as {
    version: string;
  };
  try {
    await page.goto('/#/settings');
    const card = page.getByRole('region', { name: en.updates.heading });
    await expect(card).toContainText(en.updates.current.replace('{{version}}', health.version));
    await expect(card.getByRole('status')).toHaveText(en.updates.browserOnly);
    const toggle = card.getByRole('checkbox', { name: en.updates.automatic });
    await expect(toggle).toBeChecked();
    await expect(toggle).toHaveAccessibleDescription(en.updates.automaticHint);

    await toggle.uncheck();
    await expect.poll(() => autoUpdate(request)).toBe(false);
    await page.reload();
    await expect(
      page
        .getByRole('region', { name: en.updates.heading })
        .getByRole('checkbox', { name: en.updates.automatic }),
    ).not.toBeChecked();
    await page
      .getByRole('region', { name: en.updates.heading })
      .getByRole('checkbox', { name: en.updates.automatic })
      .check();
    await expect.poll(() => autoUpdate(request)).toBe(true);
  } finally {
    await request.patch('/wp-json/marquee/v1/settings', {
      headers: adminHeaders,
      data: { autoUpdate: true },
    });
  }
});

for (const language of ['en', 'ja'] as const) {
  test(`shows the updates card in ${language}`, async ({ page }) => {
    await openIn(page, language, '/#/settings');
    const common = RESOURCES[language].common;
    const card = page.getByRole('region', { name: common.updates.heading });
    await expect(card.getByRole('checkbox', { name: common.updates.automatic })).toBeChecked();
    await card.scrollIntoViewIfNeeded();
    await readmeScreenshot(card, inLanguage('settings-updates', language));
  });
}

const NOTES = 'Print the programme as a booklet.\nJapanese menus in the desktop app.';

for (const language of ['en', 'ja'] as const) {
  test(`shows a downloaded update and what is new in it, in ${language}`, async ({ page }) => {
    await installDesktopBridge(page, {
      updateStatus: { phase: 'downloaded', version: '0.2.0', releaseNotes: NOTES },
    });
    await openIn(page, language, '/#/settings');
    const common = RESOURCES[language].common;
    const card = page.getByRole('region', { name: common.updates.heading });
    await expect(card.getByRole('status')).toHaveText(
      common.updates.downloaded.replace('{{version}}', '0.2.0'),
    );
    await expect(
      card.getByRole('heading', { name: common.updates.whatsNew.replace('{{version}}', '0.2.0') }),
    ).toBeVisible();
    // The notes as written, line for line.
    expect(await card.locator('.release-notes').innerText()).toBe(NOTES);
    await card.scrollIntoViewIfNeeded();
    await readmeScreenshot(card, inLanguage('settings-update-ready', language));
  });
}

test('previews the import of an .ics file the app is opened with', async ({ page, request }) => {
  const stamp = Date.now();
  await installDesktopBridge(page, { updateStatus: { phase: 'idle' } });
  await new CalendarScreen(page).open();
  await openWithFile(
    page,
    'Jazz week.ics',
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Venue//EN',
      'BEGIN:VEVENT',
      `UID:jazz-${stamp}@venue.example`,
      'DTSTAMP:20261128T120000Z',
      'DTSTART:20270301T190000Z',
      'DTEND:20270301T210000Z',
      `SUMMARY:Jazz opening ${stamp}`,
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n'),
  );
  const dialog = page.getByRole('dialog', { name: en.files.importTitle });
  await expect(dialog).toContainText('Jazz week.ics');
  await dialog.getByRole('button', { name: en.files.check }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    en.files.wouldImport_one.replace('{{count}}', '1'),
  );
  await expect(
    dialog.getByRole('row', { name: new RegExp(`Jazz opening ${stamp}`) }),
  ).toBeVisible();
  // A preview writes nothing.
  expect(await eventsNamed(request, `${stamp}`)).toHaveLength(0);
});
