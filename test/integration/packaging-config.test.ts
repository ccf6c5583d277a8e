/**
 * The installers' configuration (electron-builder.json) checked against electron-builder's own
 * JSON schema, as shipped in app-builder-lib: a misspelt key or a wrong type fails here, not
 * an hour into a release build on three systems. Then what the venue relies on that the schema
 * cannot say: the targets, a per-user Windows install, the .ics association and the protocol.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import type { Configuration } from 'electron-builder';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
const schema = JSON.parse(
  readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8'),
) as object;
/** The config as electron-builder types it; each target in the object form this file uses. */
type Target = { target: string; arch: string[] };
const config = JSON.parse(
  readFileSync(join(ROOT, 'electron-builder.json'), 'utf8'),
) as Configuration & {
  nsis: object;
  linux: { target: string[]; icon: string };
  win: { target: Target[]; icon: string };
  mac: { target: Target[] };
  fileAssociations: { ext: string }[];
  protocols: { schemes: string[] }[];
  files: string[];
};

function validate(candidate: unknown): string[] {
  // strict off: the schema is written for draft-07 readers that ignore unknown keywords.
  const check = new Ajv({ allErrors: true, strict: false }).compile(schema);
  return check(candidate) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

it('is valid against electron-builder’s own schema', () => {
  expect(validate(config)).toEqual([]);
});

it('would catch a mistake (the check is not vacuous)', () => {
  expect(validate({ ...config, nsis: { ...config.nsis, perMachine: 'no' } })).not.toEqual([]);
  expect(validate({ ...config, linx: { target: ['deb'] } })).not.toEqual([]);
});

it('builds what a venue installs, per user on Windows, with .ics and marquee: links', () => {
  expect(config.linux.target).toEqual(['AppImage', 'deb']);
  expect(config.win.target[0]?.target).toBe('nsis');
  expect(config.nsis).toMatchObject({ perMachine: false, allowElevation: false });
  expect(config.mac.target.map((t) => t.arch)).toEqual([['universal'], ['universal']]);
  expect(config.fileAssociations[0]?.ext).toBe('ics');
  expect(config.protocols.flatMap((p) => p.schemes)).toContain('marquee');
  // The app's files are the built ones, and the icons the ones make-icons.ts writes.
  expect(config.files).toContain('out/**/*');
  expect(config.win.icon).toBe('packaging/generated/icon.ico');
});
