/**
 * Settings → Website with a plain http address to another machine: the form says the
 * application password would travel unencrypted and offers the override as a box of its own;
 * "Test" without it is refused, in the editor's language, before anything is sent.
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import { expect, test } from './fixtures.ts';
import { AppShellPage } from './pages/app-shell-page.ts';

const en = RESOURCES.en.common.website;

test('warns of plain http to another machine and offers the override explicitly', async ({
  page,
}) => {
  const app = new AppShellPage(page);
  await page.goto('/#/settings');
  await app.heading.waitFor();
  const card = page.getByRole('region', { name: en.heading, exact: true });
  await card.getByLabel(en.address).fill('https://venue.example');
  await expect(card.getByText(en.plainHttp)).toHaveCount(0);
  await expect(card.getByLabel(en.insecure)).toHaveCount(0);

  await card.getByLabel(en.address).fill('http://venue.example');
  await expect(card.getByText(en.plainHttp)).toBeVisible();
  await expect(card.getByLabel(en.insecure)).not.toBeChecked();
  await card.getByLabel(en.login).fill('admin');
  await card.getByLabel(en.password, { exact: true }).fill('abcd efgh ijkl mnop');
  await card.getByRole('button', { name: en.test }).click();
  await expect(card.getByText(RESOURCES.en.errors.marquee_site_insecure)).toBeVisible();

  // This machine's own address is not another machine: no warning.
  await card.getByLabel(en.address).fill('http://127.0.0.1:9801');
  await expect(card.getByText(en.plainHttp)).toHaveCount(0);
});
