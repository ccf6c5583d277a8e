/**
 * A conflict the first sync found, in Chromium, against a real WordPress + The Events Calendar
 * site (skipped where ../shared/tec-site is absent): a venue both sides have by name, with a
 * different phone and region on each, is one decision whose card says the two were never synced
 * (not "since the last sync"), one row per field the editor shows, in English and Japanese.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { E2E_ADMIN_TOKEN } from '../../playwright.config.ts';
import { freePort } from '../../scripts/free-port.ts';
import { siteAvailable, SITE_SH, startTecSite, type StartedSite } from '../../scripts/tec-site.ts';
import { adminHeaders } from './api.ts';
import { expect, test } from './fixtures.ts';
import { serve, stopped } from './own-server.ts';
import { AppShellPage } from './pages/app-shell-page.ts';

let site: StartedSite | undefined;
/** A Marquee of this spec's own, holding only the venue. */
let marquee: { url: string; data: string; child: ChildProcess } | undefined;

test.describe('a conflict found by the first sync', () => {
  test.skip(!siteAvailable(), `${SITE_SH} is not there`);
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async () => {
    // A site starts in about 20 s on an idle machine; the hook's own 30 s is too short on a busy one.
    test.setTimeout(180_000);
    site = await startTecSite();
    const port = await freePort();
    const data = mkdtempSync(join(tmpdir(), 'marquee-e2e-first-conflict-'));
    const child = await serve(port, data, { adminToken: E2E_ADMIN_TOKEN });
    marquee = { url: `http://127.0.0.1:${port}`, data, child };
  });

  test.afterAll(async () => {
    if (marquee) {
      await stopped(marquee.child);
      rmSync(marquee.data, { recursive: true, force: true });
    }
    await site?.stop();
  });

  test('is worded as never synced, one row per field', async ({ page, request }, testInfo) => {
    const name = `Depot ${Date.now()}`;
    const admin = `Basic ${Buffer.from(`admin:${site!.passwords.admin}`).toString('base64')}`;
    const theirs = await request.post(`${site!.url}/wp-json/tribe/events/v1/venues`, {
      headers: { authorization: admin },
      data: { venue: name, phone: '555-0199', state: 'CA' },
    });
    expect(theirs.status()).toBe(201);
    const mine = await request.post(`${marquee!.url}/wp-json/tribe/events/v1/venues`, {
      headers: adminHeaders,
      data: { venue: name, phone: '555-0100', state: 'NY' },
    });
    expect(mine.status()).toBe(201);
    const connected = await request.put(`${marquee!.url}/wp-json/marquee/v1/site`, {
      headers: adminHeaders,
      data: { address: site!.url, login: 'admin', password: site!.passwords.admin, confirm: true },
    });
    expect(connected.status(), await connected.text()).toBe(200);

    const app = new AppShellPage(page);
    await page.goto(`${marquee!.url}/#/settings`);
    await app.heading.waitFor();
    for (const language of ['en', 'ja'] as const) {
      await app.chooseLanguage(language);
      const texts = RESOURCES[language].common;
      const decisions = page.getByRole('region', { name: texts.website.conflictsHeading });
      const card = decisions.getByRole('article');
      await expect(card.getByText(texts.website.conflictIntroFirst)).toBeVisible();
      await expect(card.getByText(texts.website.conflictIntro)).toHaveCount(0);
      // Phone, and the region once (TEC's state and "state or province" are one field here).
      await expect(card.getByRole('row')).toHaveCount(3);
      await expect(card.getByRole('rowheader')).toHaveText([
        texts.field.stateprovince,
        texts.field.phone,
      ]);
      await expect(card.getByRole('row', { name: texts.field.stateprovince })).toContainText(
        /NY\s*CA/,
      );
      await card.screenshot({ path: testInfo.outputPath(`first-conflict-${language}.png`) });
    }
    await app.chooseLanguage('en');
  });
});
