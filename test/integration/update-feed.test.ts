/**
 * The update feed as electron-updater itself reads it: scripts/release/update-feed.ts writes
 * latest*.yml beside fake installers, and electron-updater's own parser (parseUpdateInfo,
 * resolveFiles, findFile: what its updaters call) reads back each system's installer with the
 * file's real size and SHA-512.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UpdateInfo } from 'electron-updater';
import {
  findFile,
  parseUpdateInfo,
  resolveFiles,
} from 'electron-updater/out/providers/Provider.js';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { writeUpdateFeed } from '../../scripts/release/update-feed.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-feed-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const INSTALLERS = [
  'Marquee-Setup-1.2.0.exe',
  'Marquee-1.2.0-universal.dmg',
  'Marquee-1.2.0-universal.zip',
  'Marquee-1.2.0-x86_64.AppImage',
  'marquee_1.2.0_amd64.deb',
];

function fakeInstallers(): Map<string, Buffer> {
  const contents = new Map<string, Buffer>();
  INSTALLERS.forEach((name, index) => {
    const bytes = randomBytes(1000 + index * 517);
    writeFileSync(join(dir, name), bytes);
    contents.set(name, bytes);
  });
  return contents;
}

function read(channelFile: string): UpdateInfo {
  const url = new URL(`http://hub.test/updates/${channelFile}`);
  return parseUpdateInfo(readFileSync(join(dir, channelFile), 'utf8'), channelFile, url);
}

const base64Sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64');

it('writes one channel file per system, as electron-updater parses it', async () => {
  const contents = fakeInstallers();
  const notes = 'Fixed: “Print” in 日本語.\nSecond line\u2028with a separator: ok';
  const written = await writeUpdateFeed(dir, {
    version: '1.2.0',
    releaseDate: '2026-11-28T12:00:00.000Z',
    releaseNotes: notes,
  });
  expect(written).toEqual(['latest.yml', 'latest-mac.yml', 'latest-linux.yml']);

  const expected = {
    'latest.yml': ['Marquee-Setup-1.2.0.exe'],
    'latest-mac.yml': ['Marquee-1.2.0-universal.zip', 'Marquee-1.2.0-universal.dmg'],
    'latest-linux.yml': ['Marquee-1.2.0-x86_64.AppImage', 'marquee_1.2.0_amd64.deb'],
  };
  for (const [channelFile, names] of Object.entries(expected)) {
    const info = read(channelFile);
    expect(info.version).toBe('1.2.0');
    expect(info.releaseDate).toBe('2026-11-28T12:00:00.000Z');
    expect(info.releaseNotes).toBe(notes);
    expect(info.files).toEqual(
      names.map((name) => ({
        url: name,
        sha512: base64Sha512(contents.get(name)!),
        size: contents.get(name)!.length,
      })),
    );
    // The fields older updaters read: the first file's.
    expect(info.path).toBe(names[0]);
    expect(info.sha512).toBe(info.files[0]!.sha512);
    // Resolved against the feed's folder, as GenericProvider does for a hub's /updates/.
    const resolved = resolveFiles(info, new URL('http://hub.test/updates/'));
    expect(resolved.map((file) => file.url.href)).toEqual(
      names.map((name) => `http://hub.test/updates/${name}`),
    );
  }

  // What each updater picks from its list (MacUpdater: the zip; NsisUpdater: the .exe;
  // AppImageUpdater: the AppImage; DebUpdater: the .deb).
  const pick = (channelFile: string, extension: string, not?: string[]) =>
    findFile(resolveFiles(read(channelFile), new URL('http://hub.test/updates/')), extension, not)
      ?.info.url;
  expect(pick('latest-mac.yml', 'zip', ['pkg', 'dmg'])).toBe('Marquee-1.2.0-universal.zip');
  expect(pick('latest.yml', 'exe')).toBe('Marquee-Setup-1.2.0.exe');
  expect(pick('latest-linux.yml', 'AppImage', ['rpm', 'deb', 'pacman'])).toBe(
    'Marquee-1.2.0-x86_64.AppImage',
  );
  expect(pick('latest-linux.yml', 'deb')).toBe('marquee_1.2.0_amd64.deb');
});

it('writes only the systems that were built, and refuses a folder with no installer', async () => {
  writeFileSync(join(dir, 'marquee_1.2.0_amd64.deb'), randomBytes(10));
  writeFileSync(join(dir, 'builder-debug.yml'), 'x: 1\n');
  expect(await writeUpdateFeed(dir, { version: '1.2.0', releaseDate: 'now' })).toEqual([
    'latest-linux.yml',
  ]);
  expect(read('latest-linux.yml').releaseNotes).toBeUndefined();

  const empty = mkdtempSync(join(tmpdir(), 'marquee-feed-empty-'));
  try {
    await expect(writeUpdateFeed(empty, { version: '1', releaseDate: 'now' })).rejects.toThrow(
      /no installer/,
    );
    expect(readdirSync(empty)).toEqual([]);
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});
