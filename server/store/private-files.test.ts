/**
 * Making a data directory owner-only beside a server that removes files as it goes (a backup's
 * journal): a file or folder gone between the listing and the look is passed over.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { keepPrivate, restrict } from './private-files.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-private-files-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('passes over a file that is gone', () => {
  expect(() => restrict(join(dir, 'backups', '.gone.db-journal'), false)).not.toThrow();
  expect(() => restrict(join(dir, 'gone'), true)).not.toThrow();
});

it('still restricts what is there', () => {
  mkdirSync(join(dir, 'backups'));
  writeFileSync(join(dir, 'backups', 'a.db'), '');
  chmodSync(join(dir, 'backups', 'a.db'), 0o644);
  keepPrivate(dir);
  expect(statSync(join(dir, 'backups', 'a.db')).mode & 0o777).toBe(0o600);
});

it('says what else goes wrong', () => {
  writeFileSync(join(dir, 'file'), '');
  expect(() => restrict(join(dir, 'file', 'under-a-file'), false)).toThrow(/ENOTDIR/);
});
