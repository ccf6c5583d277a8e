/**
 * The settings screen in Chromium: the calendar's language, zone and port saved to the server,
 * and access tokens created (shown once, and working), listed and revoked.
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import { adminHeaders } from './api.ts';
import { AppShellPage } from './pages/app-shell-page.ts';
import { expect, test } from './fixtures.ts';
import { inLanguage, readmeScreenshot } from './readme-screenshot.ts';

const en = RESOURCES.en.common;

test('changes the calendar’s default language and port, and says when a start flag sets the zone', async ({
  page,
  request,
}) => {
  const read = async () =>
    (
      (await (
        await request.get('/wp-json/marquee/v1/settings', { headers: adminHeaders })
      ).json()) as {
        settings: Record<string, unknown>;
      }
    ).settings;
  const before = await read();
  try {
    await page.goto('/#/settings');
    const card = page.getByRole('region', { name: en.settings.calendar });
    await card.getByLabel(en.summary.defaultLanguage).selectOption('fr');
    await card.getByLabel(en.summary.timezone, { exact: true }).selectOption('America/Toronto');
    // The e2e server runs with --port: the field is the port later starts use, and it says so.
    const runningPort = new URL(page.url()).port;
    await expect(card.getByLabel(en.settings.port)).toHaveAccessibleDescription(
      en.settings.portHintThisRun.replace('{{port}}', runningPort),
    );
    await card.getByLabel(en.settings.port).fill('8899');
    await card.getByRole('button', { name: en.editor.save }).click();
    // A new zone is saved after the card has said what it does.
    await card.getByRole('button', { name: en.settings.zoneChangeConfirm }).click();
    await expect(card.getByRole('status')).toHaveText(en.settings.saved);
    expect(await read()).toMatchObject({ defaultLanguage: 'fr', port: 8899 });
    const health = (await (await request.get('/wp-json/marquee/v1/health')).json()) as Record<
      string,
      unknown
    >;
    expect(health).toMatchObject({ defaultLanguage: 'fr' });
    // This server runs with --timezone: the flag wins for this run, and the screen says so.
    expect(health.timezone).toBe('Europe/Berlin');
    await expect(card.getByLabel(en.summary.timezone, { exact: true })).toHaveAccessibleDescription(
      en.settings.overridden,
    );
  } finally {
    await request.patch('/wp-json/marquee/v1/settings', {
      headers: adminHeaders,
      data: {
        defaultLanguage: before.defaultLanguage,
        timezone: before.timezone,
        port: before.port,
      },
    });
  }
});

test('creates an access token shown once, which works until it is revoked', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = `Site build ${Date.now()}`;
  await page.goto('/#/settings');
  const card = page.getByRole('region', { name: en.settings.tokens });
  await card.getByLabel(en.settings.tokenName).fill(name);
  await card.getByLabel(en.settings.tokenRole).selectOption('author');
  await card.getByRole('button', { name: en.settings.createToken }).click();
  const shown = card.getByRole('status');
  await expect(shown).toContainText(name);
  const token = (await shown.getByRole('code').textContent()) ?? '';
  expect(token.length).toBeGreaterThan(20);
  await shown.getByRole('button', { name: en.api.copy }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  const write = () =>
    request.post('/wp-json/tribe/events/v1/venues', {
      headers: { authorization: `Bearer ${token}` },
      data: { venue: `${name} venue` },
    });
  expect((await write()).status()).toBe(201);
  await shown.getByRole('button', { name: en.settings.done }).click();
  await expect(card.getByText(token)).toBeHidden();
  const row = card.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(en.roles.author);
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await expect(row).toContainText(en.settings.revoked);
  expect((await write()).status()).toBe(401);
});

test('sets the calendar’s currency, which costs without their own symbol then show', async ({
  page,
  request,
}) => {
  const api = '/wp-json/tribe/events/v1/events';
  const created = await request.post(api, {
    headers: adminHeaders,
    data: {
      title: `Currency ${Date.now()}`,
      start_date: '2027-03-01 20:00',
      end_date: '2027-03-01 22:00',
      cost: '150',
    },
  });
  const { id } = (await created.json()) as { id: number };
  const cost = async () =>
    (
      (await (await request.get(`${api}/${id}`, { headers: adminHeaders })).json()) as {
        cost: string;
      }
    ).cost;
  expect(await cost()).toBe('$150');
  try {
    await page.goto('/#/settings');
    const card = page.getByRole('region', { name: en.settings.calendar });
    await expect(card.getByLabel(en.settings.currencySymbol)).toHaveValue('$');
    await card.getByLabel(en.settings.currencySymbol).fill(' kr');
    await card.getByLabel(en.settings.currencyPosition).selectOption('postfix');
    await card.getByLabel(en.settings.currencyCode).fill('sek');
    await expect(card.getByLabel(en.settings.currencyCode)).toHaveValue('SEK');
    await card.getByRole('button', { name: en.editor.save }).click();
    await expect(card.getByRole('status')).toHaveText(en.settings.saved);
    expect(await cost()).toBe('150 kr');
    for (const language of ['en', 'ja'] as const) {
      await new AppShellPage(page).chooseLanguage(language);
      const named = page.getByRole('region', {
        name: RESOURCES[language].common.settings.calendar,
      });
      await expect(named.getByLabel(RESOURCES[language].common.settings.currencyCode)).toHaveValue(
        'SEK',
      );
      await readmeScreenshot(named, inLanguage('settings', language));
    }
  } finally {
    await new AppShellPage(page).chooseLanguage('en');
    await request.patch('/wp-json/marquee/v1/settings', {
      headers: adminHeaders,
      data: { currency: { symbol: '$', position: 'prefix', code: 'USD' } },
    });
    await request.delete(`${api}/${id}?force=true`, { headers: adminHeaders });
  }
});
