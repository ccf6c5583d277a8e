/**
 * `npm run compare:tec`: plays every scenario against a fresh Marquee and a fresh real TEC site
 * (../shared/tec-site), and reports every difference in status, error code, the headers clients
 * read and the body, field by field. Those listed in docs/tec-differences.json are Marquee's on
 * purpose; any other fails the run (exit 1), as does a listed one no longer seen.
 *
 *   npm run compare:tec [-- --only <words>] [--examples <n>] [--listed] [--dump <file>]
 *     --dump writes every step's two answers to a file, one JSON line a step
 *   npm run compare:tec -- --readme     rewrites the README's section from the file
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { classify, loadDeliberate, readmeBullets } from './deliberate.ts';
import { groupedReport } from './report.ts';
import { runScenarios } from './run.ts';
import { scenarios } from './scenarios/index.ts';
import { siteAvailable, startSite, SITE_SH } from './site.ts';

const README = new URL('../../README.md', import.meta.url);
const SECTION =
  /(### Where Marquee differs from TEC on purpose\n\n)([\s\S]*?)(\n\n(?:Other decisions|###))/;

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    examples: { type: 'string', default: '2' },
    listed: { type: 'boolean', default: false },
    readme: { type: 'boolean', default: false },
    dump: { type: 'string' },
  },
});

if (values.readme) {
  const readme = readFileSync(README, 'utf8');
  if (!SECTION.test(readme)) throw new Error('The README has no "Where Marquee differs" section.');
  writeFileSync(README, readme.replace(SECTION, `$1${readmeBullets(loadDeliberate())}$3`));
  console.log('README.md: the section now lists docs/tec-differences.json.');
  process.exit(0);
}

if (!siteAvailable()) {
  console.log(`compare:tec skipped: ${SITE_SH} is not there.`);
  process.exit(0);
}

const chosen = scenarios.filter((scenario) => !values.only || scenario.name.includes(values.only));
const started = Date.now();
const site = await startSite();
let failed = false;
try {
  const results = await runScenarios(site, chosen, (result) => {
    const mark = result.error ? '!' : result.differences.length === 0 ? '=' : '≠';
    console.log(
      `${mark} ${result.scenario.name} (${result.answers.length} steps, ${result.differences.length} differences)`,
    );
  });
  if (values.dump) {
    const lines = results.flatMap((result) =>
      result.answers.map((answer, index) =>
        JSON.stringify({ scenario: result.scenario.name, number: index + 1, ...answer }),
      ),
    );
    writeFileSync(values.dump, `${lines.join('\n')}\n`);
  }
  const differences = results.flatMap((result) => result.differences);
  const entries = loadDeliberate();
  const { unlisted, listed, unused } = classify(differences, entries);
  for (const result of results.filter((one) => one.error)) {
    console.log(`\n${result.scenario.name} did not finish: ${result.error}`);
    failed = true;
  }
  if (values.listed) {
    for (const [id, found] of listed) {
      if (found.length === 0) continue;
      console.log(`\nDeliberate "${id}" (${found.length}):`);
      console.log(groupedReport(found, Number(values.examples)).join('\n'));
    }
  }
  if (unlisted.length > 0) {
    console.log(`\nDifferences not listed in docs/tec-differences.json (${unlisted.length}):`);
    console.log(groupedReport(unlisted, Number(values.examples)).join('\n'));
    failed = true;
  }
  if (unused.length > 0 && !values.only) {
    console.log(`\nListed differences this run never saw: ${unused.join(', ')}`);
    failed = true;
  }
  const steps = results.reduce((sum, result) => sum + result.answers.length, 0);
  const deliberate = [...listed.values()].filter((found) => found.length > 0).length;
  console.log(
    `\n${chosen.length} scenarios, ${steps} requests on each side, ${differences.length} differences: ` +
      `${differences.length - unlisted.length} deliberate (${deliberate} of ${entries.length} listed reasons), ` +
      `${unlisted.length} not listed; ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  );
} finally {
  await site.close();
}
process.exit(failed ? 1 : 0);
