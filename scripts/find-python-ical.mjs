// The integration tests' check that Debian's python3-icalendar and recurring-ical-events are
// there (an independent reader of our ICS files): install them when we can (root with
// apt-get), or stop with the exact instruction.
import { execSync } from 'node:child_process';

const PYTHON = '/usr/bin/python3';
const PACKAGES = 'python3-icalendar python3-recurring-ical-events';

const present = () => {
  try {
    execSync(`${PYTHON} -c 'import icalendar, recurring_ical_events'`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

let found = present();
if (!found && process.getuid?.() === 0) {
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    console.log(`python3-icalendar is missing; installing Debian’s ${PACKAGES}…`);
    execSync(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${PACKAGES}`,
      { stdio: 'inherit' },
    );
    found = present();
  } catch {
    // fall through to the instruction below
  }
}
if (!found) {
  console.error(
    `The ICS tests read files back with Python's icalendar. Install it with \`sudo apt-get update && sudo apt-get install -y ${PACKAGES}\` (Debian/Ubuntu).`,
  );
  process.exit(1);
}
console.log(`python3-icalendar: ${PYTHON}`);
