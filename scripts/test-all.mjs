// `npm test`: every check a change can break, in order — lint, format, dead code (knip),
// typecheck, build, unit, integration and TEC-site tests (vitest), Chromium e2e (Playwright) —
// then one closing line "N passed, N failed" (CI reads it). Lint, format, dead code, typecheck, build and
// the browser check count as one check each; the suites count their tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../bin/runtime.mjs';

const OUT = join(ROOT, '.test-output');
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
let passed = 0;
let failed = 0;
const failures = [];

function run(title, command, args, env = {}) {
  console.log(`\n━━ ${title}`);
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

function check(title, command, args) {
  const ok = run(title, command, args);
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(title);
  }
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A suite counts its tests; if it produced no report at all, it counts as one failure. */
function suite(title, ok, counts) {
  if (!counts) {
    failed += 1;
    failures.push(`${title} (no report)`);
    return;
  }
  passed += counts.passed;
  failed += counts.failed;
  if (counts.failed > 0 || !ok) failures.push(title);
  if (!ok && counts.failed === 0) failed += 1;
}

check('lint', process.execPath, [
  join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js'),
  '--max-warnings',
  '0',
  '.',
]);
check('format', process.execPath, [
  join(ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs'),
  '--check',
  '.',
  '--log-level',
  'warn',
]);
check('dead code (knip)', process.execPath, [
  join(ROOT, 'node_modules', 'knip', 'bin', 'knip.js'),
  '--no-progress',
]);
check('typecheck', 'sh', [
  '-c',
  `${bin('tsc')} -p tsconfig.shared.json && ${bin('tsc')} -p tsconfig.json && ${bin('tsc')} -p tsconfig.web.json && ${bin('tsc')} -p test/tsconfig.json`,
]);
const built = check('build', process.execPath, [join(ROOT, 'bin', 'build.mjs')]);

check('python3-icalendar', process.execPath, [join(ROOT, 'scripts', 'find-python-ical.mjs')]);
const vitestReport = join(OUT, 'vitest.json');
const vitestOk = run('unit + integration + TEC site (vitest)', process.execPath, [
  join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
// Named again at the end, since CI shows only the run's last lines.
const failedTests = (vitest?.testResults ?? []).flatMap((file) =>
  file.assertionResults
    .filter((test) => test.status === 'failed')
    .map((test) => {
      const why = String(test.failureMessages?.[0] ?? '').split('\n')[0];
      return `${file.name.replace(`${ROOT}/`, '')} › ${test.fullName}: ${why.slice(0, 300)}`;
    }),
);
suite(
  'vitest',
  vitestOk,
  vitest && { passed: vitest.numPassedTests, failed: vitest.numFailedTests },
);

const browser = check('browser', process.execPath, [join(ROOT, 'scripts', 'find-browser.mjs')]);
if (built && browser) {
  const playwrightReport = join(OUT, 'playwright.json');
  const e2eOk = run(
    'e2e (Playwright, Chromium)',
    process.execPath,
    [join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  );
  const report = existsSync(playwrightReport) ? readJson(playwrightReport) : undefined;
  suite(
    'e2e',
    e2eOk,
    report && {
      passed: report.stats.expected,
      failed: report.stats.unexpected + report.stats.flaky,
    },
  );
} else {
  failed += 1;
  failures.push('e2e (skipped: no build or no browser)');
}

for (const line of failedTests) console.log(`✗ ${line}`);
console.log(`\n${failures.length ? `Failed: ${failures.join(', ')}` : 'Everything passed.'}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
