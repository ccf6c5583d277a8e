// Makes the README's screenshots (docs/screenshots/): runs the e2e specs that reach each
// pictured screen, with MARQUEE_SCREENSHOTS=1 so their `readmeScreenshot` calls write the
// pictures (test/e2e/readme-screenshot.ts). Arguments go to Playwright (e.g. one spec's path).
// Plain JavaScript, as the other launchers in bin/ and scripts/ that npm runs first.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const E2E = 'test/e2e';
const specs = readdirSync(E2E)
  .filter((name) => name.endsWith('.spec.ts'))
  .map((name) => join(E2E, name))
  .filter((path) => readFileSync(path, 'utf8').includes('readmeScreenshot('));
const args = process.argv.slice(2);
const run = spawnSync('npx', ['playwright', 'test', ...(args.length > 0 ? args : specs)], {
  stdio: 'inherit',
  env: { ...process.env, MARQUEE_SCREENSHOTS: '1' },
});
process.exit(run.status ?? 1);
