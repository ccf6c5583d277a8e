// ESLint rule: every file a comment cites exists. A comment that names `peers/website/remote.ts` or
// `docs/decisions.md` sends a reader there; a file renamed, split or never
// added in this repository leaves them nowhere. A citation resolves from the citing file's folder
// (./, ../), as a path inside the repository (whole, or its end: `peers/website/remote.ts`), or, bare, as
// any file of that name. Names that are not the repository's files are not checked: npm packages
// (`ical.js`, `express/lib/router`), files a running calendar writes (`settings.json`) and the
// build's output (`out/`). The one folder outside the repository that may be cited is the real
// TEC site's bundle beside the checkout (`../shared/tec-site/`), which the tests run.
import { readdirSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', '.git', 'out', 'test-results', 'playwright-report']);
/** Extensions a bare name is checked for (a `.json` or `.js` alone is usually data or a package). */
const CHECKED_BARE = /\.(ts|tsx|mjs|md|php|sh|sql)$/;
const CITATION =
  /(?<![\w@#.$/*-])((?:\.{1,2}\/)*[\w@.-]+(?:\/[\w@.-]+)*\.(?:ts|tsx|mjs|js|md|json|sql|sh|php|yml))(?![\w/])/g;
const OUTSIDE_ALLOWED = '../shared/tec-site/';

let index;
/** Every file and folder of the checkout, relative to its root (read once per lint run). */
function repository() {
  if (index) return index;
  const files = [];
  const folders = new Set();
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        folders.add(relative(ROOT, path));
        walk(path);
      } else files.push(relative(ROOT, path));
    }
  };
  walk(ROOT);
  index = {
    files: new Set(files),
    all: [...files, ...folders],
    names: new Set(files.map((f) => basename(f))),
  };
  return index;
}

function packageNamed(path) {
  const [first, second] = path.split('/');
  const name = first.startsWith('@') ? `${first}/${second}` : first;
  try {
    readdirSync(join(ROOT, 'node_modules', name));
    return true;
  } catch {
    return false;
  }
}

function resolves(citation, citingFile) {
  const { all, names } = repository();
  // The checkout's sibling folder, named from the checkout (as the README and .ci/run name it).
  if (citation.startsWith('../shared/')) return citation.startsWith(OUTSIDE_ALLOWED);
  if (citation.startsWith('./') || citation.startsWith('../')) {
    const target = relative(ROOT, resolve(dirname(citingFile), citation));
    return !target.startsWith('..') && all.includes(target);
  }
  if (!citation.includes('/')) return !CHECKED_BARE.test(citation) || names.has(citation);
  if (citation.startsWith('out/') || packageNamed(citation)) return true;
  return all.some((path) => path === citation || path.endsWith(`/${citation}`));
}

/** @type {import('eslint').Rule.RuleModule} */
export const citedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'A file a comment cites exists in the repository.' },
    schema: [],
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          for (const match of comment.value.matchAll(CITATION)) {
            const citation = match[1];
            if (resolves(citation, context.filename)) continue;
            context.report({
              loc: comment.loc,
              message: `The comment cites “${citation}”, which is not a file of this repository: name the file that holds it now.`,
            });
          }
        }
      },
    };
  },
};
