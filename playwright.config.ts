/**
 * e2e: Playwright drives the system's Chromium against `marquee serve` (the built app) on a
 * temporary data directory. One worker: the tests share that server.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/browser.mjs';

// MARQUEE_E2E_PORT lets two runs share a machine (a second working copy, or a developer beside CI).
export const E2E_PORT = Number(process.env.MARQUEE_E2E_PORT ?? 8797);
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789';

// The owner key of every server the specs start (the suite's, and own-server.ts's children,
// which inherit the environment): pages send it as `marquee serve`'s printed address would.
export const E2E_OWNER_KEY = 'e2e-owner-key-0123456789';
export const OWNER_KEY_HEADERS = { 'X-Marquee-Key': E2E_OWNER_KEY };
process.env.MARQUEE_OWNER_KEY = E2E_OWNER_KEY;

// Set once in the runner; workers inherit it, so everyone agrees on one data directory.
process.env.MARQUEE_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'marquee-e2e-'));

export default defineConfig({
  testDir: 'test/e2e',
  globalTeardown: './test/e2e/global-teardown.ts',
  outputDir: 'test-results/artifacts',
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  // The main screens' reference pictures (visual.spec.ts): one folder, no platform suffix (the
  // browser and fonts they were made with are named beside them); a tolerance for anti-aliasing.
  snapshotPathTemplate: '{testDir}/visual/{arg}{ext}',
  expect: {
    toHaveScreenshot: { maxDiffPixels: 200, animations: 'disabled', caret: 'hide' },
  },
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    extraHTTPHeaders: OWNER_KEY_HEADERS,
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  webServer: {
    command: [
      `"${process.execPath}" bin/marquee.mjs serve`,
      `--port ${E2E_PORT}`,
      `--data "${process.env.MARQUEE_E2E_DATA}"`,
      '--timezone Europe/Berlin',
    ].join(' '),
    env: { MARQUEE_OWNER_KEY: E2E_OWNER_KEY, MARQUEE_ADMIN_TOKEN: E2E_ADMIN_TOKEN },
    url: `http://127.0.0.1:${E2E_PORT}/wp-json/marquee/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
