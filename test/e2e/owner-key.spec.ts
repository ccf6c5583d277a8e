/**
 * The owner key in a real browser: the address `marquee serve` prints (`/?key=…`) opens the
 * editor and the key leaves the address bar; `/` without it shows the sign-in screen, which
 * an access token gets past; the desktop window (its preload's bridge, stood in for: Electron's
 * runtime cannot run here) needs no key. These pages send no X-Marquee-Key of their own (the
 * other specs do, as the printed address would).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { E2E_ADMIN_TOKEN, E2E_OWNER_KEY } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { installDesktopBridge } from './desktop-bridge.ts';
import { AppShellPage } from './pages/app-shell-page.ts';
import { openIn } from './ui-language.ts';

const { en, ja } = RESOURCES;

test.use({ extraHTTPHeaders: {} });

/** WCAG 2.1 A and AA, as accessibility.spec.ts checks every other screen. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((violation) => violation.id);
}

test('the printed address opens the editor, and the key leaves the address bar', async ({
  page,
}) => {
  const app = new AppShellPage(page);
  await page.goto(`/?key=${E2E_OWNER_KEY}#/settings`);
  await expect(app.syncStatus).toContainText(en.common.sync.synced);
  expect(new URL(page.url()).search).toBe('');
  expect(page.url()).toMatch(/#\/settings$/);
  // A reload keeps the editor: the tab kept the key, and the browser the session's cookie.
  await page.reload();
  await expect(app.syncStatus).toContainText(en.common.sync.synced);
});

test('without the key, `/` shows the sign-in screen, and a token signs in', async ({ page }) => {
  await openIn(page, 'en');
  const signIn = page.getByRole('main', { name: en.common.signIn.title });
  await expect(signIn).toBeVisible();
  await expect(signIn).toContainText(en.common.signIn.ownerAddress);
  expect(await violations(page)).toEqual([]);

  const token = signIn.getByLabel(en.common.signIn.token);
  await token.fill('not-a-token');
  await signIn.getByRole('button', { name: en.common.signIn.submit }).click();
  await expect(signIn.getByRole('alert')).toContainText(en.errors.marquee_invalid_token);

  await token.fill(E2E_ADMIN_TOKEN);
  await signIn.getByRole('button', { name: en.common.signIn.submit }).click();
  await expect(new AppShellPage(page).syncStatus).toContainText(en.common.sync.synced);
});

test('the sign-in screen in Japanese, in dark mode', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openIn(page, 'ja');
  const signIn = page.getByRole('main', { name: ja.common.signIn.title });
  await expect(signIn).toContainText(ja.common.signIn.ownerAddress);
  expect(await violations(page)).toEqual([]);
});

test('the desktop window needs no key: the preload’s bridge hands over its token', async ({
  page,
}) => {
  // What electron/preload.ts exposes, with the token electron/main.ts makes (the suite's admin
  // token here, as the server accepts it): the page never asks for the owner's session.
  await installDesktopBridge(page, { updateStatus: { phase: 'idle' } });
  const sessions: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/marquee/v1/session')) sessions.push(request.url());
  });
  await page.goto('/');
  await expect(new AppShellPage(page).syncStatus).toContainText(en.common.sync.synced);
  expect(sessions).toEqual([]);
});
