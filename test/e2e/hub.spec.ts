/**
 * Settings → Hub in Chromium: a hub and a laptop, each a Marquee of this spec's own.
 * "Check" says which Marquee answers and whose the token is, writing nothing; "Connect and sync"
 * brings the hub's event in; the state in the card and in the header; a change on the hub comes
 * by itself; the note that the website is connected on the hub only; phones sent to the hub's
 * address; disconnecting, asked first.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
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
  const data = mkdtempSync(join(tmpdir(), `marquee-e2e-hub-${name}-`));
  const child = await serve(port, data, { timezone: 'Europe/Berlin', adminToken: E2E_ADMIN_TOKEN });
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

test('checks a hub, connects, syncs by itself and disconnects', async ({ page, request }) => {
  test.setTimeout(120_000);
  const hub = await own('hub');
  const laptop = await own('laptop');
  const made = await request.post(`${hub.url}/wp-json/marquee/v1/tokens`, {
    headers: adminHeaders,
    data: { name: 'Laptop Anna', role: 'editor' },
  });
  expect(made.status()).toBe(201);
  const { token } = (await made.json()) as { token: string };
  const push = (title: string, uuid: string, op: 'create' | 'update') =>
    request.post(`${hub.url}/wp-json/marquee/v1/sync/push`, {
      headers: adminHeaders,
      data: {
        clientId: 'e2e-hub-editor',
        mutations: [
          {
            kind: 'event',
            op,
            uuid,
            baseRev: op === 'create' ? 0 : Number.MAX_SAFE_INTEGER,
            mutationId: Date.now(),
            fields:
              op === 'create'
                ? {
                    title: { en: title, de: `${title} (de)` },
                    start: '2027-06-01 20:00:00',
                    end: '2027-06-01 22:00:00',
                    timezone: 'Europe/Berlin',
                  }
                : { title: { en: title } },
          },
        ],
      },
    });
  const uuid = randomUUID();
  expect((await push('Hub night', uuid, 'create')).status()).toBe(200);

  const app = new AppShellPage(page);
  await page.goto(`${laptop.url}/#/settings`);
  await app.heading.waitFor();
  const card = page.getByRole('region', { name: en.heading, exact: true });
  await expect(card.getByText(en.websiteNote)).toBeVisible();
  await card.getByLabel(en.address).fill(hub.url);
  await card.getByLabel(en.token).fill(token);
  await card.getByRole('button', { name: en.check }).click();
  await expect(card.getByText(/token of Laptop Anna/)).toBeVisible();
  await expect(card.getByText(en.nothingWritten)).toBeVisible();
  await card.getByRole('button', { name: en.connect }).click();
  await expect(card.getByText(en.states['up-to-date'])).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('banner').getByText(`Hub: ${en.states['up-to-date']}`)).toBeVisible({
    timeout: 20_000,
  });
  const holds = async (title: string) => {
    const reply = await request.get(`${laptop.url}/wp-json/marquee/v1/sync/pull?since=0`, {
      headers: adminHeaders,
    });
    const body = (await reply.json()) as {
      records: { event: { uuid: string; title: { en: string } }[] };
    };
    return body.records.event.find((event) => event.uuid === uuid)?.title.en === title;
  };
  expect(await holds('Hub night')).toBe(true);

  // Staff phones are sent to the hub's CalDAV address, not this laptop's.
  const phones = page.getByRole('region', { name: RESOURCES.en.common.phone.heading });
  await expect(phones.getByRole('code')).toHaveText(`${hub.url}/dav/`, { timeout: 15_000 });
  await expect(phones.getByText(RESOURCES.en.common.phone.onHub)).toBeVisible();

  // A change on the hub comes by itself (its stream pokes the laptop's server).
  expect((await push('Hub night, moved', uuid, 'update')).status()).toBe(200);
  await expect.poll(() => holds('Hub night, moved'), { timeout: 10_000 }).toBe(true);

  for (const language of ['en', 'ja'] as const) {
    await app.chooseLanguage(language);
    const named = page.getByRole('region', {
      name: RESOURCES[language].common.hub.heading,
      exact: true,
    });
    await expect(
      named.getByRole('listitem').filter({ hasText: 'Hub night' }).first(),
    ).toBeVisible();
    await readmeScreenshot(named, inLanguage('hub-connected', language));
  }
  await app.chooseLanguage('en');

  // Disconnecting asks first, saying whether changes made here wait to be sent.
  for (const language of ['ja', 'en'] as const) {
    await app.chooseLanguage(language);
    const words = RESOURCES[language].common;
    await page.getByRole('button', { name: words.website.disconnect, exact: true }).click();
    const asking = page.getByRole('dialog', { name: words.website.disconnect });
    await expect(asking.getByRole('paragraph')).toHaveText(words.hub.disconnectConfirmNone);
    await readmeScreenshot(asking, inLanguage('hub-disconnect', language));
    await asking.getByRole('button', { name: words.editor.cancel }).click();
    await expect(asking).toBeHidden();
  }
  const disconnect = RESOURCES.en.common.website.disconnect;
  await card.getByRole('button', { name: disconnect }).click();
  await page
    .getByRole('dialog', { name: disconnect })
    .getByRole('button', { name: disconnect })
    .click();
  await expect(card.getByLabel(en.address)).toBeVisible();
  // The header asks every 10 s.
  await expect(page.getByRole('banner').getByText(/^Hub:/)).toHaveCount(0, { timeout: 15_000 });
});
