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
