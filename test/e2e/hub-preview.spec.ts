/**
 * Settings → Hub's check on an empty laptop and a token's replacement, in Chromium against a
 * hub and a laptop of this spec's own: the check shows what will arrive, by kind; once the
 * hub revokes the token, the card offers a new one in place (no disconnecting), refuses one
 * the hub refuses, and syncs on with one it accepts. Screenshots in English and Japanese.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { E2E_ADMIN_TOKEN } from '../../playwright.config.ts';
import { freePort } from '../../scripts/free-port.ts';
import { adminHeaders } from './api.ts';
import { expect, test } from './fixtures.ts';
import { serve, stopped } from './own-server.ts';
import { AppShellPage } from './pages/app-shell-page.ts';
import { inLanguage, readmeScreenshot } from './readme-screenshot.ts';

const en = RESOURCES.en.common.hub;

type Own = { url: string; data: string; child: ChildProcess };
const servers: Own[] = [];

async function own(name: string): Promise<Own> {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), `marquee-e2e-hub-preview-${name}-`));
  const child = await serve(port, data, { timezone: 'Europe/Berlin', adminToken: E2E_ADMIN_TOKEN });
  const server = { url: `http://127.0.0.1:${port}`, data, child };
  servers.push(server);
  return server;
}

// Tall enough that the card's pictures hold it whole, under no sticky header.
test.use({ viewport: { width: 1280, height: 1800 } });

test.afterAll(async () => {
  for (const server of servers.splice(0)) {
    await stopped(server.child);
    rmSync(server.data, { recursive: true, force: true });
  }
});

async function tokenOn(request: APIRequestContext, hub: Own, name: string) {
  const made = await request.post(`${hub.url}/wp-json/marquee/v1/tokens`, {
    headers: adminHeaders,
    data: { name, role: 'editor' },
  });
  expect(made.status()).toBe(201);
  return (await made.json()) as { id: number; token: string };
}

type Words = (typeof RESOURCES)['en']['common']['hub'];

/** Takes the card's picture in each language once `shown` is, back in English after. */
async function pictures(page: Page, name: string, shown: (card: Locator, words: Words) => Locator) {
  const app = new AppShellPage(page);
  for (const language of ['en', 'ja'] as const) {
    await app.chooseLanguage(language);
    const card = page.getByRole('region', {
      name: RESOURCES[language].common.hub.heading,
      exact: true,
    });
    await expect(shown(card, RESOURCES[language].common.hub)).toBeVisible();
    await readmeScreenshot(card, inLanguage(name, language));
  }
  await app.chooseLanguage('en');
}

test('an empty laptop sees what arrives; a revoked token is replaced in place', async ({
  page,
  request,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const hub = await own('hub');
  const laptop = await own('laptop');
  const pushed = await request.post(`${hub.url}/wp-json/marquee/v1/sync/push`, {
    headers: adminHeaders,
    data: {
      clientId: 'e2e-hub-preview',
      mutations: [
        {
          kind: 'venue',
          op: 'create',
          uuid: randomUUID(),
          baseRev: 0,
          mutationId: 1,
          fields: { name: { en: 'Main hall' } },
        },
        {
          kind: 'event',
          op: 'create',
          uuid: randomUUID(),
          baseRev: 0,
          mutationId: 2,
          fields: {
            title: { en: 'Hub night' },
            start: '2027-06-01 20:00:00',
            end: '2027-06-01 22:00:00',
            timezone: 'Europe/Berlin',
          },
        },
      ],
    },
  });
  expect(pushed.status()).toBe(200);
  const first = await tokenOn(request, hub, 'Laptop Anna');

  const app = new AppShellPage(page);
  await page.goto(`${laptop.url}/#/settings`);
  await app.heading.waitFor();
  const card = page.getByRole('region', { name: en.heading, exact: true });
  await card.getByLabel(en.address).fill(hub.url);
  await card.getByLabel(en.token).fill(first.token);
  await card.getByRole('button', { name: en.check }).click();
  // On the hub, here, the same, to the hub, to here.
  const row = (kind: 'event' | 'venue') =>
    card.getByRole('row', { name: new RegExp(`^${RESOURCES.en.common.website.kinds[kind]}`) });
  await expect(row('event').getByRole('cell')).toHaveText(['1', '0', '0', '0', '1']);
  await expect(row('venue').getByRole('cell')).toHaveText(['1', '0', '0', '0', '1']);
  await pictures(page, 'hub-check', (named) => named.getByRole('table'));
  await card.getByRole('button', { name: en.connect }).click();
  await expect(card.getByText(en.states['up-to-date'])).toBeVisible({ timeout: 20_000 });

  // The hub revokes the token: the next sync is refused, and the card offers a new one.
  const revoked = await request.delete(`${hub.url}/wp-json/marquee/v1/tokens/${first.id}`, {
    headers: adminHeaders,
  });
  expect(revoked.status()).toBe(200);
  await card.getByRole('button', { name: RESOURCES.en.common.website.syncNow }).click();
  await expect(card.getByText(en.states['cannot-log-in'])).toBeVisible({ timeout: 20_000 });
  const newToken = card.getByLabel(en.newToken);
  await expect(newToken).toBeVisible();
  await newToken.fill('not-a-token-of-this-hub');
  await card.getByRole('button', { name: en.replaceToken }).click();
  // Said under the new token's field (the card says the kept one's refusal too).
  const form = card.getByRole('group').filter({ hasText: en.newTokenHint });
  await expect(form.getByRole('alert')).toHaveText(en.newTokenRefused);
  const second = await tokenOn(request, hub, 'Laptop Anna, new');
  await newToken.fill(second.token);
  await pictures(page, 'hub-token', (named, words) => named.getByLabel(words.newToken));
  await card.getByRole('button', { name: en.replaceToken }).click();
  await expect(card.getByText(en.tokenReplaced)).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText(en.states['up-to-date'])).toBeVisible({ timeout: 20_000 });
  // The refused sync and the refused token answered 400, as they should: nothing else failed.
  expect(pageErrors.filter((error) => !error.includes('status of 400'))).toEqual([]);
});
