/**
 * The lint rule that every file a comment cites exists (scripts/lint/cited-paths.js), run by
 * ESLint's own RuleTester over comments in a file of this repository.
 */
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { citedPaths } from '../../scripts/lint/cited-paths.js';

RuleTester.describe = describe;
RuleTester.it = it;

const filename = `${import.meta.dirname}/../../server/peers/pass.ts`;
const comment = (text: string) => ({ code: `// ${text}\nexport {};`, filename });
const cites = (text: string, citation: string) => ({
  ...comment(text),
  errors: [{ message: new RegExp(`cites “${citation.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}”`) }],
});

new RuleTester({ languageOptions: { sourceType: 'module' } }).run('cited-paths', citedPaths, {
  valid: [
    comment('the Remote (peers/remote.ts) and the whole path server/peers/remote.ts'),
    comment('a bare name: hub-records.ts; beside it: ./remote.ts; above: ../store/peers.repo.ts'),
    comment('docs/decisions.md, "The hub"'),
    comment('a package: ical.js, express/lib/router.js; a data file: settings.json'),
    comment('the real site beside the checkout: ../shared/tec-site/site.sh'),
    comment('files named *.repo.ts; the build: out/main/cli.js'),
  ],
  invalid: [
    cites('the engine (peer-engine.ts)', 'peer-engine.ts'),
    cites('see ../shared/reference/tec-sync-facts.md', '../shared/reference/tec-sync-facts.md'),
    cites('as docs/nowhere.md says', 'docs/nowhere.md'),
    cites('beside it: ./gone.ts', './gone.ts'),
  ],
});
