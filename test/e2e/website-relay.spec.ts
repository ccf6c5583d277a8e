/**
 * Settings → Website on a laptop on a hub, in Chromium: a real WordPress + The Events Calendar
 * site (skipped where ../shared/tec-site is absent), a hub connected to it and a laptop on the
 * hub, each a Marquee of this spec's own. The laptop's card shows the hub's website (naming the
 * hub), its conflict with "the hub's" and "the website's" values, and the header its state; the
 * laptop's decision goes to the hub, which sends it to the site; the laptop connects no website
 * itself. Screenshots of the card in English and Japanese. Without the site: a hub with no
 * website is said so, and a hub out of reach is the website's offline state.
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

type Own = { url: string; data: string; child: ChildProcess };
const servers: Own[] = [];
let site: StartedSite | undefined;

async function own(name: string, env?: NodeJS.ProcessEnv): Promise<Own> {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), `marquee-e2e-relay-${name}-`));
  const child = await serve(port, data, {
    timezone: 'Europe/Berlin',
    adminToken: E2E_ADMIN_TOKEN,
    ...(env && { env }),
  });
  const server = { url: `http://127.0.0.1:${port}`, data, child };
  servers.push(server);
  return server;
}

test.afterAll(async () => {
  for (const server of servers.splice(0)) {
    await stopped(server.child);
    rmSync(server.data, { recursive: true, force: true });
  }
});

test('says on a laptop that its hub has no website, then that the hub is away', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const hub = await own('bare-hub');
  const laptop = await own('bare-laptop');
  const made = await request.post(`${hub.url}/wp-json/marquee/v1/tokens`, {
    headers: adminHeaders,
    data: { name: 'Laptop Ben', role: 'editor' },
  });
  const { token } = (await made.json()) as { token: string };
  const joined = await request.put(`${laptop.url}/wp-json/marquee/v1/hub`, {
    headers: adminHeaders,
    data: { address: hub.url, token, confirm: true },
  });
  expect(joined.status(), await joined.text()).toBe(200);

  const app = new AppShellPage(page);
  await page.goto(`${laptop.url}/#/settings`);
  await app.heading.waitFor();
  const card = page.getByRole('region', { name: en.heading, exact: true });
  await expect(card.getByText(en.hubHasNone.replace('{{address}}', hub.url))).toBeVisible();
  await expect(card.getByLabel(en.address)).toHaveCount(0);

  await stopped(hub.child);
  await expect(card.getByText(en.hubAway)).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText(en.states.offline, { exact: true })).toBeVisible();
  await expect(page.getByRole('status', { name: en.heading })).toContainText(en.states.offline, {
    timeout: 30_000,
  });
});

test.describe('the website relayed by the hub', () => {
  test.skip(!siteAvailable(), `${SITE_SH} is not there`);
  test.describe.configure({ timeout: 240_000 });
  test.use({ viewport: { width: 1280, height: 1800 } });

  test.beforeAll(async () => {
    // A site starts in about 20 s on an idle machine; the hook's own 30 s is too short on a busy one.
    test.setTimeout(180_000);
    site = await startTecSite();
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  test('shows the hub’s website on a laptop, and decides its conflict', async ({
    page,
    request,
  }) => {
    const { url, passwords } = site!;
    const basic = {
      authorization: `Basic ${Buffer.from(`admin:${passwords.admin}`).toString('base64')}`,
    };
    const when = { start_date: '2027-11-12 20:00:00', end_date: '2027-11-12 22:00:00' };
    const title = `Relayed gala ${Date.now()}`;
    const made = await request.post(`${url}/wp-json/tribe/events/v1/events`, {
      headers: basic,
      data: { title, ...when },
    });
    expect(made.status()).toBe(201);
    const siteId = ((await made.json()) as { id: number }).id;

    // The hub syncs with the site when the spec says (a pass of its own between the two
    // changes would bring the site's to the laptop first: no conflict).
    const hub = await own('hub', { MARQUEE_SITE_POLL_SECONDS: '0' });
    const hubSiteSync = async () => {
      const synced = await request.post(`${hub.url}/wp-json/marquee/v1/site/sync`, {
        headers: adminHeaders,
        data: {},
      });
      expect(synced.status(), await synced.text()).toBe(200);
    };
    const laptop = await own('laptop');
    const connected = await request.put(`${hub.url}/wp-json/marquee/v1/site`, {
      headers: adminHeaders,
      data: { address: url, login: 'admin', password: passwords.admin, confirm: true },
    });
    expect(connected.status(), await connected.text()).toBe(200);
    const made2 = await request.post(`${hub.url}/wp-json/marquee/v1/tokens`, {
      headers: adminHeaders,
      data: { name: 'Laptop Anna', role: 'editor' },
    });
    const { token } = (await made2.json()) as { token: string };
    const joined = await request.put(`${laptop.url}/wp-json/marquee/v1/hub`, {
      headers: adminHeaders,
      data: { address: hub.url, token, confirm: true },
    });
    expect(joined.status(), await joined.text()).toBe(200);

    // The website and the laptop change the title: the hub's next pass finds both.
    const siteTitle = `${title} (the website’s)`;
    const mineTitle = `${title} (Anna’s)`;
    const renamed = await request.post(`${url}/wp-json/tribe/events/v1/events/${siteId}`, {
      headers: basic,
      data: { title: siteTitle, ...when },
    });
    expect(renamed.status()).toBe(200);
    const listed = await request.get(
      `${laptop.url}/wp-json/tribe/events/v1/events?search=${encodeURIComponent(title)}&start_date=2027-11-01`,
      { headers: adminHeaders },
    );
    const laptopId = ((await listed.json()) as { events: { id: number }[] }).events[0]!.id;
    await request.post(`${laptop.url}/wp-json/tribe/events/v1/events/${laptopId}`, {
      headers: adminHeaders,
      data: { title: mineTitle },
    });
    // The laptop's change reaches the hub by itself, then the hub's pass finds both.
    await expect
      .poll(
        async () => {
          const hubEvents = await request.get(
            `${hub.url}/wp-json/tribe/events/v1/events?search=${encodeURIComponent(title)}&start_date=2027-11-01`,
            { headers: adminHeaders },
          );
          return ((await hubEvents.json()) as { events: { title: string }[] }).events[0]?.title;
        },
        { timeout: 30_000 },
      )
      .toBe(mineTitle);
    await hubSiteSync();
    const state = await request.get(`${laptop.url}/wp-json/marquee/v1/site`, {
      headers: adminHeaders,
    });
    expect(((await state.json()) as { state: string }).state).toBe('needs-decision');

    const app = new AppShellPage(page);
    await page.goto(`${laptop.url}/#/settings`);
    await app.heading.waitFor();
    const card = page.getByRole('region', { name: en.heading, exact: true });
    await expect(card.getByText(en.onHub.replace('{{address}}', hub.url))).toBeVisible();
    await expect(card.getByLabel(en.address)).toHaveCount(0);
    await expect(card.getByRole('button', { name: en.disconnect })).toHaveCount(0);
    const decisions = card.getByRole('region', { name: en.conflictsHeading });
    await expect(decisions.getByRole('columnheader', { name: en.mineHub })).toBeVisible();
    await expect(decisions.getByRole('cell', { name: siteTitle })).toBeVisible();
    await expect(decisions.getByRole('cell', { name: mineTitle })).toBeVisible();
    await expect(
      page.getByRole('status', { name: en.heading }).getByText(/Needs a decision \(1\)/),
    ).toBeVisible({ timeout: 15_000 });
    for (const language of ['en', 'ja'] as const) {
      await app.chooseLanguage(language);
      const named = page.getByRole('region', {
        name: RESOURCES[language].common.website.heading,
        exact: true,
      });
      const words = RESOURCES[language].common.website;
      await expect(named.getByText(words.conflictIntroHub)).toBeVisible();
      // The picture waits for the state, not a pass of the hub's under way.
      await expect(
        named.getByText(words.states['needs-decision'].replace('{{n}}', '1'), { exact: true }),
      ).toBeVisible({ timeout: 30_000 });
      await readmeScreenshot(named, inLanguage('website-relayed', language));
    }
    await app.chooseLanguage('en');

    await decisions.getByRole('button', { name: en.keepHub }).click();
    await expect(decisions).toBeHidden({ timeout: 15_000 });
    await hubSiteSync();
    const siteNow = await request.get(
      `${url}/wp-json/wp/v2/tribe_events/${siteId}?context=edit&_fields=title`,
      { headers: basic },
    );
    expect(((await siteNow.json()) as { title: { raw: string } }).title.raw).toBe(mineTitle);

    // The laptop connects no website of its own while it is on the hub.
    const refused = await request.put(`${laptop.url}/wp-json/marquee/v1/site`, {
      headers: adminHeaders,
      data: { address: url, login: 'admin', password: passwords.admin },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('marquee_site_on_hub');
  });
});
