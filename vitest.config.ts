/**
 * Three vitest projects: `unit` (pure logic beside the code), `integration` (a real server on
 * a temporary data directory, spoken to over HTTP) and `site` (against a real WordPress + The
 * Events Calendar site, started once per run: test/support/tec-site-setup.ts). Playwright runs
 * the e2e suite separately.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'renderer/**/*.test.{ts,tsx}',
            'electron/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'site',
          include: ['test/site/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/tec-site-setup.ts'],
          // One file at a time: the files share the site, and a sync sees every record on it
          // (a file's syncs must not see another's records change under them).
          fileParallelism: false,
          // The site answers in 50-250 ms a request (PHP's built-in server).
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
