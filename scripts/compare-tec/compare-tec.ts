/**
 * `npm run compare:tec`: plays every scenario against a fresh Marquee and a fresh real TEC site
 * (../shared/tec-site), and reports every difference in status, error code, the headers clients
 * read and the body, field by field. Those listed in docs/tec-differences.json are Marquee's on
 * purpose; any other fails the run (exit 1), as does a listed one no longer seen.
 *
 *   npm run compare:tec [-- --only <words>] [--examples <n>] [--listed] [--dump <file>] [--differences <file>]
 *     --dump writes every step's two answers to a file, one JSON line a step
 *     --differences writes every difference no entry lists to a file, one JSON line each
 *   npm run compare:tec -- --readme     rewrites the README's section from the file
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { classify, isDeliberate, loadDifferences, withReadmeSection } from './deliberate.ts';
import { groupedReport } from './report.ts';
import { runScenarios } from './run.ts';
import { scenarios } from './scenarios/index.ts';
import { siteAvailable, SITE_SH } from '../tec-site.ts';
import { startSite } from './site.ts';

const README = new URL('../../README.md', import.meta.url);

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    examples: { type: 'string', default: '2' },
    listed: { type: 'boolean', default: false },
    readme: { type: 'boolean', default: false },
    dump: { type: 'string' },
    differences: { type: 'string' },
  },
});

if (values.readme) {
  writeFileSync(README, withReadmeSection(readFileSync(README, 'utf8'), loadDifferences()));
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
  const entries = loadDifferences();
  const { unlisted, listed, unused } = classify(differences, entries);
  for (const result of results.filter((one) => one.error)) {
    console.log(`\n${result.scenario.name} did not finish: ${result.error}`);
    failed = true;
  }
  if (values.listed) {
    for (const [id, found] of listed) {
      if (found.length === 0) continue;
      const entry = entries.find((candidate) => candidate.id === id);
      const kind = entry && isDeliberate(entry) ? 'Deliberate' : 'Open';
      console.log(`\n${kind} "${id}" (${found.length}):`);
      console.log(groupedReport(found, Number(values.examples)).join('\n'));
    }
  }
  if (values.differences)
    writeFileSync(values.differences, unlisted.map((one) => `${JSON.stringify(one)}\n`).join(''));
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
  const count = (deliberate: boolean) =>
    entries
      .filter((entry) => isDeliberate(entry) === deliberate)
      .reduce((sum, entry) => sum + (listed.get(entry.id)?.length ?? 0), 0);
  const open = entries.filter((entry) => !isDeliberate(entry)).length;
  console.log(
    `\n${chosen.length} scenarios, ${steps} requests on each side, ${differences.length} differences: ` +
      `${count(true)} deliberate (${entries.length - open} reasons), ` +
      `${count(false)} known and open (${open} faults), ` +
      `${unlisted.length} not listed; ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  );
} finally {
  await site.close();
}
process.exit(failed ? 1 : 0);
