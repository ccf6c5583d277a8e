/**
 * The slug rule's two records (shared/text/wordpress-slug-chars.json, what WordPress does with
 * each character; test/fixtures/slugs/wordpress-answers.json, whole titles) are what the real
 * site's sanitize_title answers today: asked again through scripts/wordpress-slugs.php.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import chars from '../../shared/text/wordpress-slug-chars.json' with { type: 'json' };
import answers from '../fixtures/slugs/wordpress-answers.json' with { type: 'json' };
import { tecSite } from '../support/tec-site.ts';

const site = tecSite();
const SCRIPT = join(import.meta.dirname, '../../scripts/wordpress-slugs.php');

function ask(mode: 'chars' | 'titles', input?: string): unknown {
  const run = spawnSync('php', [SCRIPT, join(site!.dir, 'wp'), mode], {
    input,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

describe.skipIf(!site)('WordPress’s slugs, asked again', () => {
  it('are what the records say, character by character and title by title', () => {
    expect(ask('chars')).toEqual(chars);
    const titles = (answers as [string, string][]).map(([title]) => title);
    expect(ask('titles', JSON.stringify(titles))).toEqual(answers);
  });
});
