/**
 * Settings → Website's "Test" on a calendar with a weekly series, against a real WordPress +
 * The Events Calendar site of its own (skipped where ../shared/tec-site is absent): the preview
 * counts the series as one event and says it goes to the site as its twelve occurrences, and it
 * names each record both sides hold, as each side names it. Nothing is written. Screenshots in
 * English and Japanese.
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
import { inLanguage, readmeScreenshot } from './readme-screenshot.ts';

const en = RESOURCES.en.common.website;

let site: StartedSite | undefined;
/** A Marquee of this spec's own, holding only what the spec makes. */
let marquee: { url: string; data: string; child: ChildProcess } | undefined;

test.describe('the website’s first preview', () => {
  test.skip(!siteAvailable(), `${SITE_SH} is not there`);
  test.describe.configure({ timeout: 180_000 });
  test.use({ viewport: { width: 1280, height: 1600 } });

  test.beforeAll(async () => {
    // Starting WordPress takes long on a busy machine.
    test.setTimeout(180_000);
    site = await startTecSite();
    const port = await freePort();
    const data = mkdtempSync(join(tmpdir(), 'marquee-e2e-website-preview-'));
    const child = await serve(port, data, {
      timezone: 'Europe/Berlin',
      adminToken: E2E_ADMIN_TOKEN,
    });
    marquee = { url: `http://127.0.0.1:${port}`, data, child };
  });

  test.afterAll(async () => {
    if (marquee) {
      await stopped(marquee.child);
      rmSync(marquee.data, { recursive: true, force: true });
    }
    await site?.stop();
  });

  test('counts a series as one event, says it goes as twelve, and names the pairs', async ({
    page,
    request,
    pageErrors,
  }) => {
    const { url } = site!;
    const { admin } = site!.passwords;
    const base = marquee!.url;
    const gala = { title: 'Autumn gala', start_date: '2027-10-02 20:00:00' };
    const when = { ...gala, end_date: '2027-10-02 22:00:00' };
    const onSite = await request.post(`${url}/wp-json/tribe/events/v1/events`, {
      headers: { authorization: `Basic ${Buffer.from(`admin:${admin}`).toString('base64')}` },
      data: when,
    });
    expect(onSite.status()).toBe(201);
    for (const data of [
      when,
      {
        title: 'Weekly choir',
        start_date: '2027-09-06 19:00:00',
        end_date: '2027-09-06 21:00:00',
        recurrence: { rrule: 'FREQ=WEEKLY;COUNT=12' },
      },
    ]) {
      const made = await request.post(`${base}/wp-json/tribe/events/v1/events`, {
        headers: adminHeaders,
        data,
      });
      expect(made.status()).toBe(201);
    }

    const app = new AppShellPage(page);
    await page.goto(`${base}/#/settings`);
    await app.heading.waitFor();
    const card = page.getByRole('region', { name: en.heading, exact: true });
    await card.getByLabel(en.address).fill(url);
    await card.getByLabel(en.login).fill('admin');
    await card.getByLabel(en.password).fill(admin);
    await card.getByRole('button', { name: en.test }).click();
    const preview = card.getByRole('table').first();
    const events = preview.getByRole('row', { name: new RegExp(`^${en.kinds.event}`) });
    // On the website, here, the same, differing (the site's zone), to the website, to here.
    await expect(events.getByRole('cell')).toHaveText(['1', '2', '1', '1', '12', '0']);
    await expect(card.getByText(/^Events here: 2, one of them a series of 12\./)).toBeVisible();
    const pairs = card.getByRole('table', { name: en.matchedHeading });
    await expect(pairs.getByRole('row')).toHaveCount(2);
    await expect(pairs.getByRole('row').nth(1).getByRole('cell')).toHaveText([
      /^Autumn gala\s*Oct 2, 2027, 8:00\sPM$/,
      'Autumn gala',
    ]);
    for (const language of ['en', 'ja'] as const) {
      await app.chooseLanguage(language);
      const named = page.getByRole('region', {
        name: RESOURCES[language].common.website.heading,
        exact: true,
      });
      await expect(
        named.getByRole('table', { name: RESOURCES[language].common.website.matchedHeading }),
      ).toBeVisible();
      await readmeScreenshot(named, inLanguage('website-preview', language));
    }
    const status = await request.get(`${base}/wp-json/marquee/v1/site`, { headers: adminHeaders });
    expect(((await status.json()) as { state: string }).state).toBe('not-connected');
    expect(pageErrors).toEqual([]);
  });
});
