/**
 * Settings → Phones (CalDAV) in Chromium: the card gives this server's CalDAV address and
 * which login to use, and its QR code reads back as that address; a token just made offers
 * its own phone setup, whose QR code holds the address and the token's name but not the
 * token, and those three sign a CalDAV client in.
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import { expect, test } from './fixtures.ts';
import { AppShellPage } from './pages/app-shell-page.ts';
import { readQr } from './qr-reader.ts';
import { inLanguage, readmeScreenshot } from './readme-screenshot.ts';

const en = RESOURCES.en.common;

test('shows the CalDAV address, its login and a QR code of it', async ({ page, baseURL }) => {
  const address = `${baseURL}/dav/`;
  await page.goto('/#/settings');
  const card = page.getByRole('region', { name: en.phone.heading });
  await expect(card.getByRole('code')).toHaveText(address);
  await expect(card.getByRole('definition').nth(1)).toHaveText(en.phone.anyTokenName);
  await expect(card.getByText(en.phone.localOnly)).toBeVisible();
  await expect(card.getByText(en.phone.onHub)).toBeHidden();
  await expect(card.getByText('Add CalDAV Account')).toBeVisible();
  const qr = card.getByRole('img', { name: en.phone.qrAddress });
  await expect.poll(() => readQr(qr)).toBe(address);

  const app = new AppShellPage(page);
  for (const language of ['en', 'ja'] as const) {
    await app.chooseLanguage(language);
    const named = page.getByRole('region', { name: RESOURCES[language].common.phone.heading });
    await expect(named.getByText(RESOURCES[language].common.phone.ios)).toBeVisible();
    await readmeScreenshot(named, inLanguage('settings-phone', language));
  }
  await app.chooseLanguage('en');
});

test('sets up a phone with a token just made, the token kept out of the QR code', async ({
  page,
  request,
  baseURL,
}) => {
  const address = `${baseURL}/dav/`;
  const name = `Box office ${Date.now()}`;
  await page.goto('/#/settings');
  const card = page.getByRole('region', { name: en.settings.tokens });
  await card.getByLabel(en.settings.tokenName).fill(name);
  await card.getByRole('button', { name: en.settings.createToken }).click();
  const shown = card.getByRole('status');
  const token = (await shown.getByRole('code').first().textContent()) ?? '';
  expect(token.length).toBeGreaterThan(20);

  await shown.getByRole('button', { name: en.phone.setUp }).click();
  const account = shown.getByRole('definition');
  await expect(account.nth(0).getByRole('code')).toHaveText(address);
  await expect(account.nth(1)).toHaveText(name);
  await expect(account.nth(2)).toHaveText(token);
  await expect(shown.getByText(en.phone.qrNoToken)).toBeVisible();
  await expect
    .poll(() => readQr(shown.getByRole('img', { name: en.phone.qrWithLogin })))
    .toBe(`http://${encodeURIComponent(name)}@${new URL(address).host}/dav/`);

  // What the card says to type is what a CalDAV client signs in with.
  const basic = Buffer.from(`${name}:${token}`).toString('base64');
  const found = await request.fetch(address, {
    method: 'PROPFIND',
    headers: { authorization: `Basic ${basic}`, depth: '0' },
  });
  expect(found.status()).toBe(207);
});
