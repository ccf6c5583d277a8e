/**
 * This house's lint rules, run by ESLint's own RuleTester: every file a comment cites exists
 * (scripts/lint/cited-paths.js), and the kinds of record are declared once
 * (scripts/lint/kind-types.js).
 */
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { citedPaths } from '../../scripts/lint/cited-paths.js';
import { kindTypes } from '../../scripts/lint/kind-types.js';

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
    comment(
      'the Remote (peers/website/remote.ts) and the whole path server/peers/website/remote.ts',
    ),
    comment(
      'a bare name: hub-records.ts; beside it: ./pass-points.ts; above: ../store/peers.repo.ts',
    ),
    comment('docs/decisions.md, "The hub"'),
    comment('a package: ical.js, express/lib/router.js; a data file: settings.json'),
    comment('the real site beside the checkout: ../shared/tec-site/site.sh'),
    comment('files named *.repo.ts; the build: out/main/cli.js'),
    comment('a dot folder from the root: .github/workflows/release.yml'),
  ],
  invalid: [
    cites('the engine (peer-engine.ts)', 'peer-engine.ts'),
    cites('see ../shared/reference/tec-sync-facts.md', '../shared/reference/tec-sync-facts.md'),
    cites('as docs/nowhere.md says', 'docs/nowhere.md'),
    cites('beside it: ./gone.ts', './gone.ts'),
  ],
});

const typescript = { languageOptions: { parser: tseslint.parser } };
new RuleTester(typescript).run('kind-types', kindTypes, {
  valid: [
    { code: "type ValueKind = 'date' | 'period';", filename },
    {
      code: "export type Kind = 'event';",
      filename: `${import.meta.dirname}/../../shared/kinds/registry.ts`,
    },
  ],
  invalid: [
    { code: "type RecordKind = 'venue';", filename, errors: 1 },
    { code: "export type Kind = 'event' | 'venue';", filename, errors: 1 },
    { code: 'interface PostKind { name: string }', filename, errors: 1 },
  ],
});
