/**
 * The README's pictures (docs/screenshots/) come from the e2e flows that reach each screen,
 * so the screen a picture shows is one a test has checked. They are taken only when
 * `npm run screenshots` runs those flows (scripts/screenshots.mjs sets MARQUEE_SCREENSHOTS);
 * an ordinary test run takes none, since no test compares them.
 */
import type { Locator, Page } from '@playwright/test';

/** Writes `docs/screenshots/<name>.png` of the page (or one part of it) when asked to. */
export async function readmeScreenshot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (process.env.MARQUEE_SCREENSHOTS !== '1') return;
  const path = `docs/screenshots/${name}.png`;
  // Animations finished: a toast is taken where it settles, not halfway in.
  const still = { path, animations: 'disabled' as const };
  await ('goto' in target ? target.screenshot({ ...still, ...options }) : target.screenshot(still));
}

/** A picture's name in the README: English has the plain name, other languages a suffix. */
export function inLanguage(name: string, language: string): string {
  return language === 'en' ? name : `${name}-${language}`;
}
