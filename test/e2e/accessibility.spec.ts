/**
 * WCAG 2.1 A and AA on every screen and dialog, checked by axe-core (the rules it can decide):
 * in light and dark mode, and in Japanese. Each screen is seen with records in it (an event in
 * the month on screen, a venue, a trashed record, a snapshot), since empty screens hide most of
 * what can go wrong.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { adminHeaders, createEvent } from './api.ts';
import { expect, test } from './fixtures.ts';

type Look = { scheme: 'light' | 'dark'; language: 'en' | 'ja' };
const LOOKS: readonly Look[] = [
  { scheme: 'light', language: 'en' },
  { scheme: 'dark', language: 'en' },
  { scheme: 'light', language: 'ja' },
];

const SCREENS = [
  '/',
  '/#/venues',
  '/#/organizers',
  '/#/categories',
  '/#/categories/new',
  '/#/tags',
  '/#/trash',
  '/#/settings',
] as const;

/** The violations axe finds on the page as it is, one line each: rule, then the nodes. */
async function violations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map(
    (violation) =>
      `${where}: ${violation.id} (${violation.nodes.length}) — ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n')[1] ?? ''}`)
        .join(' | ')}`,
  );
}

test.beforeAll(async ({ request }) => {
  const stamp = Date.now();
  // A day of the month on screen that is not today (other specs count today's events).
  const now = new Date();
  const day = `${now.toISOString().slice(0, 8)}${now.getUTCDate() <= 14 ? '20' : '05'}`;
  await createEvent(request, {
    title: `Accessible concert ${stamp}`,
    start_date: `${day} 19:00:00`,
    end_date: `${day} 21:00:00`,
    venue: { venue: `Accessible hall ${stamp}` },
    categories: [`Accessible music ${stamp}`],
  });
  const trashed = await request.post('/wp-json/tribe/events/v1/organizers', {
    headers: adminHeaders,
    data: { organizer: `Accessible organizer ${stamp}` },
  });
  const { id } = (await trashed.json()) as { id: number };
  await request.delete(`/wp-json/tribe/events/v1/organizers/${id}`, { headers: adminHeaders });
  const snapshot = await request.post('/wp-json/marquee/v1/snapshots', { headers: adminHeaders });
  expect(snapshot.ok()).toBe(true);
});

// Fifteen axe runs a look, a second or two each.
test.describe.configure({ timeout: 120_000 });

for (const look of LOOKS) {
  test(`every screen and dialog passes WCAG 2.1 AA (${look.scheme}, ${look.language})`, async ({
    page,
  }) => {
    const common = RESOURCES[look.language].common;
    await page.emulateMedia({ colorScheme: look.scheme });
    await page.addInitScript(
      (language) => localStorage.setItem('marquee.uiLanguage', language),
      look.language,
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    const found: string[] = [];
    for (const screen of SCREENS) {
      await page.goto(screen);
      await page.getByRole('main').waitFor();
      await page.waitForTimeout(300);
      found.push(...(await violations(page, screen)));
    }
    // The calendar's other views, by their keys.
    await page.goto('/');
    await page.getByRole('main').waitFor();
    for (const key of ['w', 'd', 'l'] as const) {
      await page.keyboard.press(key);
      await page.waitForTimeout(300);
      found.push(...(await violations(page, `view ${key}`)));
    }
    await page.keyboard.press('m');
    // Dialogs: the event editor, the command palette, import, export and print.
    const dialogs: [string, () => Promise<unknown>][] = [
      ['event editor', () => page.keyboard.press('n')],
      ['command palette', () => page.keyboard.press('Control+k')],
      ['import', () => page.keyboard.press('Control+o')],
      ['export', () => page.keyboard.press('Control+Shift+E')],
      ['print', () => page.keyboard.press('Control+p')],
    ];
    for (const [name, open] of dialogs) {
      await page.locator('body').click({ position: { x: 5, y: 700 } });
      await open();
      await page.getByRole('dialog').first().waitFor();
      await page.waitForTimeout(200);
      found.push(...(await violations(page, name)));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    expect(common.app.name).toBeTruthy();
    expect(found).toEqual([]);
  });
}
