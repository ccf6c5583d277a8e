// The e2e tests' pretest step: find Chromium, install Debian's package when we can (root with
// apt-get), or stop with the exact instruction.
import { execSync } from 'node:child_process';
import { findChromium } from './browser.mjs';

let chromium = findChromium();
if (!chromium && process.getuid?.() === 0 && !process.env.CHROMIUM_PATH) {
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    console.log('Chromium is missing; installing Debian’s chromium package…');
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
      { stdio: 'inherit' },
    );
    chromium = findChromium();
  } catch {
    // fall through to the instruction below
  }
}
if (!chromium) {
  console.error(
    'The e2e tests need Chromium. Install it with `sudo apt-get update && sudo apt-get install -y chromium` ' +
      '(Debian/Ubuntu), or point CHROMIUM_PATH at a Chrome or Chromium binary. Do not run `npx playwright install`.',
  );
  process.exit(1);
}
console.log(`Chromium: ${chromium}`);
