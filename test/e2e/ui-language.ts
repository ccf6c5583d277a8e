/** Opens the app at 1280×800 with the UI in `language`, as a user who chose it before. */
import type { Page } from '@playwright/test';
import type { Language } from '#shared/languages.ts';

export async function openIn(page: Page, language: Language, path = '/'): Promise<void> {
  await page.addInitScript(
    (chosen) => localStorage.setItem('marquee.uiLanguage', chosen),
    language,
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(path);
}
