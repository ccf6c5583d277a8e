/**
 * Playwright fixtures: `pageErrors` collects uncaught errors and console errors of the page, and
 * every test fails on an uncaught error of its page (a fault that may have taken a page down
 * while the test looked elsewhere), whether or not it asks for `pageErrors`.
 */
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ pageErrors: string[]; noUncaughtErrors: void }>({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await use(errors);
  },
  noUncaughtErrors: [
    async ({ page }, use) => {
      const uncaught: string[] = [];
      page.on('pageerror', (error) => uncaught.push(error.stack ?? error.message));
      await use();
      expect(uncaught, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
