// ESLint: type-aware TypeScript rules, the process boundaries (renderer ↛ server/electron,
// server ↛ renderer/electron, shared ↛ all three and Node), and no literal UI text in JSX.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import i18next from 'eslint-plugin-i18next';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { citedPaths } from './scripts/lint/cited-paths.js';
import { kindTypes } from './scripts/lint/kind-types.js';
import { routeRooms } from './scripts/lint/route-rooms.js';
import { adaptersBelowComposition, serverLayers } from './scripts/lint/server-layers.js';
import { sqlInStore } from './scripts/lint/sql-in-store.js';

const projects = ['./tsconfig.json', './tsconfig.web.json', './test/tsconfig.json'];

// The renderer's feature rooms (calendar, events, files…): none imports another's files; what two
// share lives below them, in hooks/, ui/ or data/, and the app shell puts features together.
const features = readdirSync(new URL('./renderer/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const noNodeModules = {
  group: ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'electron', 'express'],
  message: 'This code also runs in the browser: no Node, Electron or server modules.',
};

// The processes' boundaries: what each of renderer, server, shared and electron may import.
const processes = [
  {
    target: './renderer',
    from: ['./server', './electron'],
    message: 'The renderer talks to the server over HTTP only.',
  },
  {
    target: './server',
    from: ['./renderer', './electron'],
    message: 'The server must run without Electron or the UI.',
  },
  {
    target: './shared',
    from: ['./server', './renderer', './electron'],
    message: 'shared/ depends on nothing of ours.',
  },
  {
    target: './electron',
    from: './renderer',
    message: 'The shell loads the renderer; it does not import it.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.test-output/**',
      '.shots/**',
      'types/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: projects,
        tsconfigRootDir: import.meta.dirname,
        noWarnOnMultipleProjects: true,
      },
      globals: globals.node,
    },
    plugins: { 'import-x': importX },
    settings: {
      // Which files import-x reads to follow imports (no-cycle needs TypeScript's too).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: projects, noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-default-export': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...processes,
            ...serverLayers,
            adaptersBelowComposition,
            // Layers inside the renderer, lowest first: data < ui < hooks < features < app.
            {
              target: './renderer/data',
              from: [
                './renderer/ui',
                './renderer/forms',
                './renderer/hooks',
                './renderer/features',
                './renderer/app',
              ],
              message: 'data is the renderer’s lowest layer.',
            },
            {
              target: ['./renderer/ui', './renderer/forms'],
              from: ['./renderer/hooks', './renderer/features', './renderer/app'],
              message: 'ui may use data, not hooks, features or the app shell.',
            },
            {
              target: './renderer/hooks',
              from: ['./renderer/features', './renderer/app'],
              message: 'hooks may use data and ui, not features or the app shell.',
            },
            {
              target: './renderer/features',
              from: './renderer/app',
              message: 'features may not use the app shell (it uses them).',
            },
            ...features.map((feature) => ({
              target: `./renderer/features/${feature}`,
              from: './renderer/features',
              except: [`./${feature}`],
              message:
                'A feature does not import another feature: what both need moves to hooks/, ui/ or data/.',
            })),
          ],
        },
      ],
      'import-x/no-cycle': 'error',
      'max-lines': ['warn', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // A test beside an adapter may build the whole calendar: the layers without the adapters' zone.
    files: ['server/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...processes, ...serverLayers] }],
    },
  },
  {
    // A factory that hands a service across a room's edge declares its contract as a named type
    // beside it and returns that (docs/decisions/0241-contracts-named-at-room-edges.md): the
    // services, each room's wiring and the composition root. Repos and parts used inside one
    // room may keep `ReturnType<typeof createX>`.
    files: ['server/**/*.service.ts', 'server/**/*-room.ts', 'server/services.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: { '@typescript-eslint/explicit-module-boundary-types': 'error' },
  },
  {
    files: ['shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noNodeModules] }] },
  },
  {
    // The HTTP request's context (URLs, namespace, the request's language) is the HTTP layer's:
    // its pipeline, its discovery documents and the route tables that answer requests.
    files: ['server/**/*.ts'],
    ignores: ['server/http/**', 'server/**/*.routes.ts', 'server/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/request-context.ts'],
              message: 'Only the HTTP layer and route tables take the request context.',
            },
          ],
        },
      ],
    },
  },
  {
    // SQL lives in the store: a repository function names what it reads or writes, and the rest
    // of the server calls it. A regex's exec takes a value, SQL's a string written in place.
    files: ['server/**/*.ts'],
    ignores: ['server/store/**', 'server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='prepare']",
          message: 'SQL lives in server/store: call a repository function there.',
        },
        {
          selector:
            "CallExpression[callee.property.name='exec'][arguments.0.type=/^(Literal|TemplateLiteral)$/]",
          message: 'SQL lives in server/store: call a repository function there.',
        },
      ],
    },
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noNodeModules] }],
    },
  },
  {
    files: ['renderer/**/*.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            // The plugin's defaults, and the class names of cmdk's dialog: not UI text.
            exclude: [
              ...['className', 'styleName', 'style', 'type', 'key', 'id', 'width', 'height'],
              ...['overlayClassName', 'contentClassName'],
            ],
          },
        },
      ],
    },
  },
  {
    // Rules of this house (scripts/lint/): every file a comment cites is one of the repository's;
    // the kinds of record are declared once, in the registry.
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs'],
    plugins: {
      marquee: {
        rules: {
          'cited-paths': citedPaths,
          'kind-types': kindTypes,
          'route-rooms': routeRooms,
          'sql-in-store': sqlInStore,
        },
      },
    },
    rules: { 'marquee/cited-paths': 'error', 'marquee/kind-types': 'error' },
  },
  {
    // A route table serves the namespace of its room (scripts/lint/route-rooms.js).
    files: ['server/**/*.ts'],
    rules: { 'marquee/route-rooms': 'error' },
  },
  {
    // SQL's text only in the store (scripts/lint/sql-in-store.js). Tests and scripts look at the
    // database from outside, as sqlite3 would: arranging a row an older version wrote, checking
    // what was stored, measuring the store's floor. They run against real SQLite, so a schema
    // change breaks them loudly; the server's code has one place that knows the schema.
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs'],
    ignores: ['test/**', '**/*.test.ts', '**/*.test.tsx', 'scripts/**'],
    rules: { 'marquee/sql-in-store': 'error' },
  },
  {
    // Tools that expect a default export.
    files: ['*.config.ts', 'eslint.config.js', 'test/e2e/global-teardown.ts'],
    rules: { 'import-x/no-default-export': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
