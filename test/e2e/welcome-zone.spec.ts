/**
 * The welcome's zone as typed: a search that finds one zone takes it (no Enter needed), one that
 * finds several makes Start ask which instead of keeping the zone shown, and the main screen
 * then names the calendar's zone beside the date. A calendar of this spec's own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { serveCli, type CliServer } from '../support/cli-process.ts';
import { expect, test } from './fixtures.ts';

const en = RESOURCES.en.common;
const TOKEN = 'welcome-zone-token-0123456789';

let server: CliServer;
let dataDir: string;
test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'marquee-welcome-zone-'));
  server = await serveCli(['--data', dataDir, '--admin-token', TOKEN], { TZ: 'UTC' });
});
test.afterAll(async () => {
  server.process.kill('SIGTERM');
  await server.exit;
  rmSync(dataDir, { recursive: true, force: true });
});

const settings = async () =>
  (
    (await (
      await fetch(`${server.url}/wp-json/marquee/v1/settings`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      })
    ).json()) as { settings: { timezone: string; confirmed: boolean } }
  ).settings;

test('takes the one zone a search finds, and asks which when it finds several', async ({
  page,
  pageErrors,
}) => {
  await page.goto(server.url);
  const welcome = page.getByRole('dialog', { name: en.welcome.heading });
  const search = welcome.getByLabel(en.zone.search);
  const zone = welcome.getByLabel(en.summary.timezone, { exact: true });
  await expect(zone).toHaveValue('UTC');

  await search.fill('new');
  await welcome.getByRole('button', { name: en.welcome.start }).click();
  await expect(welcome.getByText(en.validation.zoneUnresolved)).toBeVisible();
  expect(await settings()).toMatchObject({ timezone: 'UTC', confirmed: false });

  await search.fill('new york');
  await expect(zone).toHaveValue('America/New_York');
  await expect(welcome.getByText(en.validation.zoneUnresolved)).toBeHidden();
  await welcome.getByRole('button', { name: en.welcome.start }).click();
  await expect(welcome).toBeHidden();
  expect(await settings()).toMatchObject({ timezone: 'America/New_York', confirmed: true });

  // The calendar names its zone beside the date, a link to change it.
  const toolbar = page.getByRole('toolbar', { name: en.calendar.toolbar });
  await expect(
    toolbar.getByRole('link', {
      name: en.calendar.zoneLink.replace('{{zone}}', 'America/New_York'),
    }),
  ).toHaveText('America/New York');
  expect(pageErrors).toEqual([]);
});
