/**
 * The header's one badge for the editor's line to its server: up to date while the server
 * answers, offline within moments of the server going away (its sync stream ends), and up to
 * date again when it is back. A server of this spec's own, on a data directory of its own, is
 * stopped and started again (the suite's server stays up for the other specs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../../scripts/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { expect, test } from './fixtures.ts';
import { serve, stopped } from './own-server.ts';
import { AppShellPage } from './pages/app-shell-page.ts';

const en = RESOURCES.en.common;

test('says offline within moments of the server going, and up to date when it is back', async ({
  page,
}) => {
  const data = mkdtempSync(join(tmpdir(), 'marquee-connection-'));
  const port = await freePort();
  let server = await serve(port, data);
  try {
    const app = new AppShellPage(page);
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect(app.syncStatus).toContainText(en.sync.synced);
    // One badge in the header says how the line is, never two that disagree.
    await expect(page.getByRole('banner').getByRole('status')).toHaveCount(1);

    await stopped(server);
    await expect(app.syncStatus).toContainText(en.sync.offline, { timeout: 2000 });

    server = await serve(port, data);
    await expect(app.syncStatus).toContainText(en.sync.synced, { timeout: 20_000 });
  } finally {
    await stopped(server);
    rmSync(data, { recursive: true, force: true });
  }
});
