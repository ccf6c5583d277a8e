/**
 * Two Marquee servers on one computer (a laptop's and its hub's), their editors open in one
 * browser: cookies belong to the host, not the port, so each server names its session's cookie
 * for its port, and signing in to one never signs the other's tabs out. Here a tab opened at the
 * first server's bare address (a bookmark: no key in it) still finds its session after the
 * second server's editor signed in.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { E2E_OWNER_KEY } from '../../playwright.config.ts';
import { freePort } from '../../scripts/free-port.ts';
import { expect, test } from './fixtures.ts';
import { serve, stopped } from './own-server.ts';
import { AppShellPage } from './pages/app-shell-page.ts';

const { en } = RESOURCES;

// These pages carry no key of their own: only the address and the cookies sign them in.
test.use({ extraHTTPHeaders: {} });

type Own = { url: string; data: string; child: ChildProcess };
const servers: Own[] = [];

async function own(name: string): Promise<Own> {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), `marquee-e2e-${name}-`));
  const server = { url: `http://127.0.0.1:${port}`, data, child: await serve(port, data) };
  servers.push(server);
  return server;
}

test.afterAll(async () => {
  for (const server of servers.splice(0)) {
    await stopped(server.child);
    rmSync(server.data, { recursive: true, force: true });
  }
});

test('signing in to a second server on this computer keeps the first one’s session', async ({
  context,
}) => {
  const laptop = await own('laptop');
  const hub = await own('hub');
  for (const server of [laptop, hub]) {
    const page = await context.newPage();
    await page.goto(`${server.url}/?key=${E2E_OWNER_KEY}`);
    await expect(new AppShellPage(page).syncStatus).toContainText(en.common.sync.synced);
  }
  const bookmark = await context.newPage();
  await bookmark.goto(`${laptop.url}/`);
  await expect(new AppShellPage(bookmark).syncStatus).toContainText(en.common.sync.synced);
  await expect(bookmark.getByRole('main', { name: en.common.signIn.title })).toHaveCount(0);
});
