/**
 * `npm run compare:tec` inside `npm test`: every scenario played against a TEC site of this run
 * that nothing else writes to (test/support/tec-site-setup.ts) and a fresh Marquee, failing on
 * any difference that docs/tec-differences.json does not list, and on any entry there that no
 * difference needs any more (a fix makes its entry stale: delete it). The scenarios that read the
 * whole site's lists expect the site to hold only their records.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  classify,
  loadDifferences,
  readmeBullets,
  readmeSection,
} from '../../scripts/compare-tec/deliberate.ts';
import { groupedReport } from '../../scripts/compare-tec/report.ts';
import { runScenarios } from '../../scripts/compare-tec/run.ts';
import { scenarios } from '../../scripts/compare-tec/scenarios/index.ts';
import { siteTarget } from '../../scripts/compare-tec/site.ts';
import { tecCompareSite } from '../support/tec-site.ts';

// A site of its own: the sync's tests fill the run's other site with their records.
const site = tecCompareSite();
const README = new URL('../../README.md', import.meta.url);

describe('the differences from TEC that Marquee keeps on purpose', () => {
  it('are the README’s section, bullet for bullet', () => {
    // Compared word by word: Prettier may wrap the README's lines otherwise.
    const words = (text: string | undefined) => text?.split(/\s+/).filter(Boolean);
    const section = readmeSection(readFileSync(README, 'utf8'));
    expect(words(section), 'npm run compare:tec -- --readme rewrites it').toEqual(
      words(readmeBullets(loadDifferences())),
    );
  });
});

describe.skipIf(!site)('Marquee against the real TEC 6.17.2 site', () => {
  it('answers every scenario as the site does, but for the listed differences', async () => {
    const results = await runScenarios(siteTarget(site!.url, site!.passwords), scenarios);
    expect(
      results
        .filter((result) => result.error)
        .map((result) => `${result.scenario.name}: ${result.error}`),
      'scenarios that did not finish',
    ).toEqual([]);
    const { unlisted, unused } = classify(
      results.flatMap((result) => result.differences),
      loadDifferences(),
    );
    expect(
      groupedReport(unlisted, 3),
      'differences docs/tec-differences.json does not list',
    ).toEqual([]);
    expect(unused, 'entries of docs/tec-differences.json no difference needs').toEqual([]);
  }, 600_000);
});
