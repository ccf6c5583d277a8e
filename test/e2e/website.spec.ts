/**
 * Settings → Website in Chromium, against a real WordPress + The Events Calendar site started
 * for this spec (../shared/tec-site/site.sh on a free port; the spec is skipped where that folder
 * is absent) and a Marquee of its own. "Test" says who the site is and what the user's role may not do, and previews the
 * first sync with nothing written; "Connect and sync" brings the site's event in; the state,
 * "Sync now" and the log; disconnecting. Screenshots of the card in English and Japanese.
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
/** A Marquee of this spec's own: the suite's server holds every event the other specs made,
 * which a first sync would send to the site one by one. */
let marquee: { url: string; data: string; child: ChildProcess } | undefined;

test.describe('the website card', () => {
  test.skip(!siteAvailable(), `${SITE_SH} is not there`);
  test.describe.configure({ timeout: 180_000 });
  // Tall enough that the card's README pictures hold it whole, under no sticky header.
  test.use({ viewport: { width: 1280, height: 1800 } });

  test.beforeAll(async () => {
    // A site starts in about 20 s on an idle machine; the hook's own 30 s is too short on a busy one.
    test.setTimeout(180_000);
    site = await startTecSite();
    const port = await freePort();
    const data = mkdtempSync(join(tmpdir(), 'marquee-e2e-website-'));
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

  test('tests the login, previews, connects, syncs and disconnects', async ({ page, request }) => {
    const { url } = site!;
    const { admin, author1: author } = site!.passwords;
    const base = marquee!.url;
    const title = `Website gala ${Date.now()}`;
    const made = await request.post(`${url}/wp-json/tribe/events/v1/events`, {
      headers: { authorization: `Basic ${Buffer.from(`admin:${admin}`).toString('base64')}` },
      data: { title, start_date: '2027-10-02 20:00:00', end_date: '2027-10-02 22:00:00' },
    });
    expect(made.status()).toBe(201);

    const app = new AppShellPage(page);
    await page.goto(`${base}/#/settings`);
    await app.heading.waitFor();
    const cardIn = (language: 'en' | 'ja') =>
      page.getByRole('region', { name: RESOURCES[language].common.website.heading, exact: true });
    const card = cardIn('en');
    await expect(card.getByText(en.intro)).toBeVisible();
    const problem = card.getByRole('alert');
    // An address without its scheme is taken (https://), and one nothing answers at says so:
    // check it (not "Marquee tries again later", with nothing connected yet).
    const nowhere = '127.0.0.1:9';
    await card.getByLabel(en.address).fill(nowhere);
    await card.getByLabel(en.login).fill('admin');
    await card.getByLabel(en.password).fill('not-the-password');
    await card.getByRole('button', { name: en.test }).click();
    await expect(problem).toHaveText(en.testUnreachable.replace('{{address}}', nowhere));
    for (const language of ['en', 'ja'] as const) {
      await app.chooseLanguage(language);
      await readmeScreenshot(cardIn(language), inLanguage('website-unreachable', language));
    }
    await app.chooseLanguage('en');
    // A new address clears what the old one answered; a wrong password says so once.
    await card.getByLabel(en.address).fill(url);
    await expect(problem).toBeHidden();
    await card.getByRole('button', { name: en.test }).click();
    await expect(problem).toHaveText(en.testLoginFailed);
    await card.getByLabel(en.address).fill(url);
    await card.getByLabel(en.login).fill('author1');
    await card.getByLabel(en.password).fill(author);
    await card.getByRole('button', { name: en.test }).click();
    // An author may not post any HTML, nor change others' events: the card says so.
    await expect(card.getByText(en.warnings['strips-html'])).toBeVisible();
    await expect(card.getByText(en.warnings['cannot-edit-others'])).toBeVisible();

    await card.getByLabel(en.login).fill('admin');
    await card.getByLabel(en.password).fill(admin);
    await card.getByRole('button', { name: en.test }).click();
    await expect(card.getByText('6.17.2')).toBeVisible();
    await expect(card.getByText('admin (administrator)')).toBeVisible();
    const events = card.getByRole('row', { name: new RegExp(`^${en.kinds.event}`) });
    await expect(events.getByRole('cell').first()).toHaveText('1');
    await expect(card.getByText(en.nothingWritten)).toBeVisible();
    for (const language of ['en', 'ja'] as const) {
      await app.chooseLanguage(language);
      const named = page.getByRole('region', {
        name: RESOURCES[language].common.website.heading,
        exact: true,
      });
      await expect(named.getByRole('table')).toBeVisible();
      await readmeScreenshot(named, inLanguage('website-test', language));
    }
    await app.chooseLanguage('en');
    // "Test" wrote nothing here.
    const before = await request.get(`${base}/wp-json/marquee/v1/site`, { headers: adminHeaders });
    expect(((await before.json()) as { state: string }).state).toBe('not-connected');

    await card.getByRole('button', { name: en.connect }).click();
    await expect(card.getByRole('status').filter({ hasText: en.states['up-to-date'] })).toBeVisible(
      {
        timeout: 60_000,
      },
    );
    await expect(card.getByRole('listitem').filter({ hasText: title })).toContainText(
      en.actions.received,
    );
    const mine = await request.get(
      `${base}/wp-json/tribe/events/v1/events?search=${encodeURIComponent(title)}&start_date=2027-10-01`,
      { headers: adminHeaders },
    );
    expect(((await mine.json()) as { events: unknown[] }).events).toHaveLength(1);

    await card.getByRole('button', { name: en.syncNow }).click();
    await expect(
      card.getByText(/^Sent \d+, received 0, merged 0, conflicts 0, deleted 0\.$/),
    ).toBeVisible({
      timeout: 60_000,
    });
    for (const language of ['en', 'ja'] as const) {
      await app.chooseLanguage(language);
      const named = page.getByRole('region', {
        name: RESOURCES[language].common.website.heading,
        exact: true,
      });
      await expect(named.getByRole('list')).toBeVisible();
      // The log's reasons are said in the editor's language too.
      await expect(named.getByRole('listitem').filter({ hasText: title }).first()).toContainText(
        RESOURCES[language].common.website.notes.new,
      );
      await readmeScreenshot(named, inLanguage('website-connected', language));
    }
    await app.chooseLanguage('en');

    // A title changed on the site, then here: the same field on both sides waits for the user.
    const siteId = ((await made.json()) as { id: number }).id;
    const marqueeId = ((await mine.json()) as { events: { id: number }[] }).events[0]!.id;
    const siteTitle = `${title} (the website’s)`;
    const renamed = await request.post(`${url}/wp-json/tribe/events/v1/events/${siteId}`, {
      headers: { authorization: `Basic ${Buffer.from(`admin:${admin}`).toString('base64')}` },
      data: {
        title: siteTitle,
        start_date: '2027-10-02 20:00:00',
        end_date: '2027-10-02 22:00:00',
      },
    });
    expect(renamed.status()).toBe(200);
    await request.post(`${base}/wp-json/tribe/events/v1/events/${marqueeId}`, {
      headers: adminHeaders,
      data: { title: `${title} (mine)` },
    });
    await card.getByRole('button', { name: en.syncNow }).click();
    const decisions = card.getByRole('region', { name: en.conflictsHeading });
    await expect(decisions.getByRole('cell', { name: siteTitle })).toBeVisible({ timeout: 60_000 });
    // The state follows when the pass that found the conflict ends (it may still be sending).
    await expect(card.getByRole('status').filter({ hasText: /^Needs a decision/ })).toBeVisible({
      timeout: 60_000,
    });
    for (const language of ['en', 'ja'] as const) {
      await app.chooseLanguage(language);
      const named = page.getByRole('region', {
        name: RESOURCES[language].common.website.heading,
        exact: true,
      });
      await readmeScreenshot(named, inLanguage('website-conflict', language));
    }
    await app.chooseLanguage('en');
    // The header's "Needs a decision" opens that decision, not the top of Settings.
    await page.goto(`${base}/#/`);
    const header = page.getByRole('link', { name: /^Website: Needs a decision/ });
    await header.click({ timeout: 30_000 });
    const waiting = page.getByRole('article').filter({ hasText: siteTitle });
    await expect(waiting).toBeFocused();
    await expect(waiting).toBeInViewport();
    await decisions.getByRole('button', { name: en.takeSite }).click();
    await expect(decisions).toBeHidden({ timeout: 15_000 });
    // The log keeps the decision: the field, and whose value was kept.
    const decided = card.getByRole('listitem').filter({ hasText: en.actions.decided });
    await expect(decided).toContainText(en.notes.decidedSite.replace('{{fields}}', 'Title'));
    for (const language of ['en', 'ja'] as const) {
      await app.chooseLanguage(language);
      const list = cardIn(language).getByRole('list');
      await readmeScreenshot(list, inLanguage('website-log-decided', language));
    }
    await app.chooseLanguage('en');
    await expect
      .poll(async () => {
        const now = await request.get(`${base}/wp-json/tribe/events/v1/events/${marqueeId}`, {
          headers: adminHeaders,
        });
        return ((await now.json()) as { title: string }).title;
      })
      .toBe(siteTitle);

    // The site goes away: every try again counts on one problem line, with the next try's time.
    await site!.stop();
    site = undefined;
    await card.getByRole('button', { name: en.syncNow }).click();
    const problems = card.getByRole('listitem').filter({ hasText: en.actions.problem });
    await expect(problems.filter({ hasText: /tried [2-9] times/ })).toHaveCount(1, {
      timeout: 90_000,
    });
    // One line per problem, however often it is tried (the site going down may first answer
    // with another problem, a 502 from its web server, which has a line of its own).
    await expect(problems.filter({ hasText: /cannot be reached/ })).toHaveCount(1);
    // Said between tries: while one is under way, its line has no next try yet.
    await expect(problems.first()).toContainText(/next try/, { timeout: 60_000 });
    for (const language of ['en', 'ja'] as const) {
      await app.chooseLanguage(language);
      const list = cardIn(language).getByRole('list');
      await readmeScreenshot(list, inLanguage('website-log-retries', language));
    }
    await app.chooseLanguage('en');

    // Disconnecting asks first, and says whether changes made here wait to be sent.
    for (const language of ['ja', 'en'] as const) {
      await app.chooseLanguage(language);
      const words = RESOURCES[language].common;
      await cardIn(language).getByRole('button', { name: words.website.disconnect }).click();
      const asking = page.getByRole('dialog', { name: words.website.disconnect });
      await expect(asking.getByRole('paragraph')).toHaveText(words.website.disconnectConfirmNone);
      await readmeScreenshot(asking, inLanguage('website-disconnect', language));
      // Cancel first: nothing is disconnected until the user says so.
      await asking.getByRole('button', { name: words.editor.cancel }).click();
      await expect(asking).toBeHidden();
    }
    await card.getByRole('button', { name: en.disconnect }).click();
    const asking = page.getByRole('dialog', { name: en.disconnect });
    await asking.getByRole('button', { name: en.disconnect }).click();
    await expect(card.getByLabel(en.address)).toBeVisible();
  });
});
