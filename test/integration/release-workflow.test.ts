/**
 * The release pipeline (.github/workflows/release.yml) cannot run here; what can be checked is:
 * it is a valid workflow by SchemaStore's GitHub workflow schema (vendored in test/schemas/),
 * it builds on the three systems, every secret it reads is named in docs/release.md (and only
 * read from `secrets`, never written in), and the steps run the scripts this repository has.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const text = readFileSync(join(ROOT, '.github', 'workflows', 'release.yml'), 'utf8');
const schema = JSON.parse(
  readFileSync(join(ROOT, 'test', 'schemas', 'github-workflow.json'), 'utf8'),
) as object;

type Step = { run?: string; uses?: string; env?: Record<string, string> };
type Workflow = {
  jobs: Record<string, { steps: Step[]; strategy?: { matrix: { include: { runner: string }[] } } }>;
};

function validate(candidate: unknown): string[] {
  // strict off: the schema uses keywords (markdownDescription) ajv does not know.
  const check = new Ajv({ allErrors: true, strict: false }).compile(schema);
  return check(candidate) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

it('is a valid GitHub workflow', () => {
  const workflow: unknown = parse(text);
  expect(validate(workflow)).toEqual([]);
  // Not vacuous: a misspelt key is caught.
  expect(validate({ ...(workflow as object), job: {} })).not.toEqual([]);
});

it('builds on Linux, Windows and macOS, with the scripts this repository has', () => {
  const workflow = parse(text) as Workflow;
  const runners = workflow.jobs.installers?.strategy?.matrix.include.map((entry) => entry.runner);
  expect(runners).toEqual(['ubuntu-latest', 'windows-latest', 'macos-latest']);
  const runs = Object.values(workflow.jobs).flatMap((job) => job.steps.map((step) => step.run));
  const scripts = Object.keys(
    (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts,
  );
  for (const run of runs) {
    for (const [, script] of (run ?? '').matchAll(/npm run (\S+)/g))
      expect(scripts).toContain(script);
    for (const [, file] of (run ?? '').matchAll(/node (scripts\/\S+)/g))
      expect(existsSync(join(ROOT, file!)), file).toBe(true);
  }
});

it('reads every secret from the repository’s secrets, each named in docs/release.md', () => {
  const docs = readFileSync(join(ROOT, 'docs', 'release.md'), 'utf8');
  const named = [...text.matchAll(/secrets\.([A-Z0-9_]+)/g)].map(([, name]) => name!);
  expect(named.length).toBeGreaterThan(0);
  for (const name of new Set(named)) {
    if (name !== 'GITHUB_TOKEN') expect(docs, name).toContain(`\`${name}\``);
  }
  // Every value of a signing variable comes from `secrets`, none is written in the file.
  const workflow = parse(text) as Workflow;
  for (const step of Object.values(workflow.jobs).flatMap((job) => job.steps)) {
    for (const [name, value] of Object.entries(step.env ?? {})) {
      if (/LINK|PASSWORD|TOKEN|APPLE_ID|TEAM/.test(name)) expect(value, name).toMatch(/secrets\./);
    }
  }
});
