/**
 * This house's lint rules, run by ESLint's own RuleTester: every file a comment cites exists
 * (scripts/lint/cited-paths.js), the kinds of record are declared once
 * (scripts/lint/kind-types.js), a route table serves its room's namespace
 * (scripts/lint/route-rooms.js), SQL's text is written only in the store
 * (scripts/lint/sql-in-store.js), and a factory at a room's edge returns its named contract
 * (docs/decisions/0241-contracts-named-at-room-edges.md).
 */
import { ESLint, RuleTester, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { citedPaths } from '../../scripts/lint/cited-paths.js';
import { kindTypes } from '../../scripts/lint/kind-types.js';
import { routeRooms } from '../../scripts/lint/route-rooms.js';
import { sqlInStore } from '../../scripts/lint/sql-in-store.js';

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

const server = `${import.meta.dirname}/../../server`;
const root = { filename: `${server}/services.ts` };
const mounted = (imports: string, lists: string) => ({
  ...root,
  code: `${imports}\nexport const routes = { ${lists} };`,
});
const seriesFrom = (path: string) => `import { seriesRoutes } from '${path}';`;
new RuleTester(typescript).run('route-rooms', routeRooms, {
  valid: [
    mounted(
      seriesFrom('./api/marquee/series/series.routes.ts'),
      "'marquee/v1': [...seriesRoutes(1)]",
    ),
    mounted(seriesFrom('#server/sync/sync.routes.ts'), "'marquee/v1': [...seriesRoutes(1)]"),
    mounted(
      "import { eventRoutes } from './api/tec/events/events.routes.ts';",
      "'tribe/events/v1': [...eventRoutes()]",
    ),
    mounted(
      "import { wpUserRoutes } from './api/wp/wp-users.routes.ts';",
      "'wp/v2': [...wpUserRoutes()]",
    ),
    {
      code: "import { linkedPostRoutes } from '../linked-posts/linked-posts.routes.ts';\nexport const venueRoutes = () => [...linkedPostRoutes()];",
      filename: `${server}/api/tec/venues/venues.routes.ts`,
    },
  ],
  invalid: [
    // The series' marquee/v1 table where it was, in TEC's room.
    {
      ...mounted(
        seriesFrom('./api/tec/events/series.routes.ts'),
        "'marquee/v1': [...seriesRoutes(1)]",
      ),
      errors: [{ message: /server\/api\/tec\/ serves tribe\/events\/v1/ }],
    },
    {
      ...mounted(seriesFrom('./sync/sync.routes.ts'), "'tribe/events/v1': [...seriesRoutes(1)]"),
      errors: [{ message: /is mounted in tribe\/events\/v1/ }],
    },
    {
      ...mounted(seriesFrom('./api/caldav/caldav.routes.ts'), "'marquee/v1': [...seriesRoutes(1)]"),
      errors: [{ message: /serves no namespace/ }],
    },
    {
      ...root,
      code: `${seriesFrom('./api/marquee/series/series.routes.ts')}\nexport const routes = [...seriesRoutes(1)];`,
      errors: [{ message: /in its namespace's list/ }],
    },
    {
      code: "import { eventRoutes } from '../../tec/events/events.routes.ts';\nexport const more = () => [...eventRoutes()];",
      filename: `${server}/api/marquee/more/more.routes.ts`,
      errors: [{ message: /serves tribe\/events\/v1, not this table's marquee\/v1/ }],
    },
  ],
});

const outside = `${server}/domain/linked-posts/venue-spec.ts`;
const inStore = `${server}/store/venue-table.ts`;
new RuleTester(typescript).run('sql-in-store', sqlInStore, {
  valid: [
    { code: "const q = 'SELECT venue_id FROM events WHERE post_id = ?';", filename: inStore },
    {
      code: "const text = 'Select a venue from the list, then update its settings';",
      filename: outside,
    },
    { code: "const label = 'UPDATE'; const from = 'FROM';", filename: outside },
    { code: 'const q = `DELETE ${what}`;', filename: outside },
  ],
  invalid: [
    // What venue-spec.ts held before its table moved into the store.
    {
      code: "const q = 'SELECT venue_id FROM events WHERE post_id = ?';",
      filename: outside,
      errors: 1,
    },
    {
      code: 'const q = (post: string) => `SELECT e.post_id FROM events e WHERE e.venue_id = ${post}`;',
      filename: outside,
      errors: 1,
    },
    {
      code: "db.exec('INSERT OR REPLACE INTO settings VALUES (1)');",
      filename: outside,
      errors: 1,
    },
    { code: 'const q = `UPDATE posts SET status = ?`;', filename: outside, errors: 1 },
    { code: "const q = 'DELETE FROM posts';", filename: outside, errors: 1 },
    { code: "const q = 'CREATE UNIQUE INDEX i ON posts (slug)';", filename: outside, errors: 1 },
    { code: "const q = 'CREATE TABLE t (id INTEGER)';", filename: outside, errors: 1 },
  ],
});

// A service or a room's wiring returns its contract, a named type beside it; an inferred one
// (the shape of whatever the body builds) is refused.
const plugin = tseslint.plugin as unknown as { rules: Record<string, Rule.RuleModule | undefined> };
const boundary = plugin.rules['explicit-module-boundary-types'];
if (!boundary) throw new Error('typescript-eslint has no explicit-module-boundary-types rule');
const service = `${server}/sync/sync.service.ts`;
new RuleTester(typescript).run('contracts at the room edges', boundary, {
  valid: [
    {
      code: 'export type Calendar = { id: () => string };\nexport function createCalendar(name: string): Calendar { return { id: () => name }; }',
      filename: service,
    },
  ],
  invalid: [
    {
      code: 'export function createCalendar(name: string) { return { id: () => name }; }',
      filename: service,
      errors: [{ messageId: 'missingReturnType' }],
    },
  ],
});

describe('the contract rule', () => {
  const eslint = new ESLint({ cwd: `${import.meta.dirname}/../..` });
  const ruleAt = async (path: string): Promise<unknown> =>
    ((await eslint.calculateConfigForFile(path)) as { rules?: Record<string, unknown> }).rules?.[
      '@typescript-eslint/explicit-module-boundary-types'
    ];

  it('holds the services, the rooms’ wiring and the composition root to it', async () => {
    for (const path of [
      'server/sync/sync.service.ts',
      'server/peers/peers-room.ts',
      'server/api/tec/tec-room.ts',
      'server/services.ts',
    ])
      expect(await ruleAt(path), path).toEqual([2]);
  });

  it('leaves a repo used inside its room free to infer its shape', async () => {
    expect(await ruleAt('server/store/peers.repo.ts')).toBeUndefined();
  });
});
