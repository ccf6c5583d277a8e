/**
 * A hub serves its laptops' updates at /updates/: the feed written by update-feed.ts, read by
 * electron-updater's own GenericProvider (the one a laptop's updater uses on a hub's address)
 * over real HTTP for each system, the installers it names downloaded whole with the SHA-512
 * the feed publishes, or in part with a byte range; and nothing else: no listing, no path out
 * of the folder, 404 in the API's envelope for what is not there.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeHttpExecutor } from 'builder-util/out/nodeHttpExecutor.js';
import type { AppUpdater } from 'electron-updater';
import type { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor.js';
import { GenericProvider } from 'electron-updater/out/providers/GenericProvider.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeUpdateFeed } from '../../scripts/release/update-feed.ts';
import { serveCli } from '../support/cli-process.ts';
import { rawRequest } from '../support/raw-http.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
const installers = new Map<string, Buffer>([
  ['Marquee-Setup-2.0.0.exe', randomBytes(70_000)],
  ['Marquee-2.0.0-universal.zip', randomBytes(50_000)],
  ['Marquee-2.0.0-universal.dmg', randomBytes(40_000)],
  ['Marquee-2.0.0-x86_64.AppImage', randomBytes(60_000)],
  ['marquee_2.0.0_amd64.deb', randomBytes(30_000)],
]);

beforeAll(async () => {
  server = await startTestServer();
  // The default folder: the data directory's `updates`, as a hub's owner fills it.
  const folder = join(server.dataDir, 'updates');
  mkdirSync(join(folder, 'old'), { recursive: true });
  for (const [name, bytes] of installers) writeFileSync(join(folder, name), bytes);
  writeFileSync(join(folder, '.hidden'), 'not for laptops');
  await writeUpdateFeed(folder, {
    version: '2.0.0',
    releaseDate: '2026-11-28T12:00:00.000Z',
    releaseNotes: 'Faster printing.',
  });
});
afterAll(() => server.close());

const port = () => Number(new URL(server.url).port);

/** electron-updater's provider for a hub's feed, as a laptop on `platform` runs it. */
function hubProvider(platform: 'win32' | 'darwin' | 'linux'): GenericProvider {
  // GenericProvider reads only these two of its updater (the real one needs Electron).
  const updater = { channel: null, isAddNoCacheQuery: true } as unknown as AppUpdater;
  return new GenericProvider({ provider: 'generic', url: `${server.url}/updates/` }, updater, {
    isUseMultipleRangeRequest: false,
    platform,
    // Node's http in place of Electron's net: the same HttpExecutor requests over it.
    executor: new NodeHttpExecutor() as unknown as ElectronHttpExecutor,
  });
}

it('gives each system’s updater its release, and the installers with the published SHA-512', async () => {
  const expected = {
    win32: ['Marquee-Setup-2.0.0.exe'],
    darwin: ['Marquee-2.0.0-universal.zip', 'Marquee-2.0.0-universal.dmg'],
    linux: ['Marquee-2.0.0-x86_64.AppImage', 'marquee_2.0.0_amd64.deb'],
  } as const;
  for (const platform of ['win32', 'darwin', 'linux'] as const) {
    const provider = hubProvider(platform);
    const info = await provider.getLatestVersion();
    expect(info.version).toBe('2.0.0');
    expect(info.releaseNotes).toBe('Faster printing.');
    const files = provider.resolveFiles(info);
    expect(files.map((file) => file.info.url)).toEqual(expected[platform]);
    for (const file of files) {
      const response = await fetch(file.url);
      expect(response.status).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(createHash('sha512').update(bytes).digest('base64')).toBe(file.info.sha512);
      expect(bytes.length).toBe(file.info.size);
      expect(response.headers.get('accept-ranges')).toBe('bytes');
    }
  }
});

it('names each file’s media type, and has the feed asked again every time', async () => {
  const types = {
    'latest-linux.yml': 'text/yaml; charset=utf-8',
    'Marquee-Setup-2.0.0.exe': 'application/vnd.microsoft.portable-executable',
    'Marquee-2.0.0-universal.dmg': 'application/x-apple-diskimage',
    'Marquee-2.0.0-universal.zip': 'application/zip',
    'Marquee-2.0.0-x86_64.AppImage': 'application/vnd.appimage',
    'marquee_2.0.0_amd64.deb': 'application/vnd.debian.binary-package',
  };
  for (const [name, type] of Object.entries(types)) {
    const response = await fetch(`${server.url}/updates/${name}`, { method: 'HEAD' });
    expect([name, response.status, response.headers.get('content-type')]).toEqual([
      name,
      200,
      type,
    ]);
  }
  const feed = await fetch(`${server.url}/updates/latest.yml`);
  expect(feed.headers.get('cache-control')).toBe('no-cache');
});

it('answers a byte range with just those bytes (a download resumes)', async () => {
  const exe = installers.get('Marquee-Setup-2.0.0.exe')!;
  const response = await fetch(`${server.url}/updates/Marquee-Setup-2.0.0.exe`, {
    headers: { range: 'bytes=1000-1999' },
  });
  expect(response.status).toBe(206);
  expect(response.headers.get('content-range')).toBe(`bytes 1000-1999/${exe.length}`);
  expect(Buffer.from(await response.arrayBuffer())).toEqual(exe.subarray(1000, 2000));

  const tail = await fetch(`${server.url}/updates/Marquee-Setup-2.0.0.exe`, {
    headers: { range: `bytes=${exe.length - 10}-` },
  });
  expect(tail.status).toBe(206);
  expect(Buffer.from(await tail.arrayBuffer())).toEqual(exe.subarray(exe.length - 10));

  const beyond = await fetch(`${server.url}/updates/Marquee-Setup-2.0.0.exe`, {
    headers: { range: `bytes=${exe.length + 5}-` },
  });
  expect(beyond.status).toBe(416);
});

it('lists nothing, serves nothing outside the folder, and says 404 in the API’s envelope', async () => {
  const notFound = {
    code: 'rest_no_route',
    message: expect.any(String) as unknown,
    data: { status: 404 },
  };
  for (const path of [
    '/updates/',
    '/updates',
    '/updates/old/',
    '/updates/old',
    '/updates/latest-beta.yml',
    '/updates/.hidden',
    '/updates/..%2fsettings.json',
    '/updates/%2e%2e/settings.json',
    '/updates/../settings.json',
    '/updates/..%5csettings.json',
    '/updates/%2e%2e%2fmarquee.db',
  ]) {
    const reply = await rawRequest(port(), { method: 'GET', path, headers: {} });
    expect([path, reply.status]).toEqual([path, 404]);
    expect(JSON.parse(reply.text), path).toEqual(notFound);
  }
  // Only reading: an updater never writes to its hub.
  const post = await rawRequest(port(), {
    method: 'POST',
    path: '/updates/latest.yml',
    headers: { 'content-type': 'text/plain' },
    body: Buffer.from('version: 9.9.9'),
  });
  expect(post.status).toBe(404);
  const feed = await fetch(`${server.url}/updates/latest.yml`);
  expect(await feed.text()).toContain('version: "2.0.0"');
});

it('serves another folder given as marquee serve --updates DIR', async () => {
  const data = mkdtempSync(join(tmpdir(), 'marquee-updates-data-'));
  const folder = mkdtempSync(join(tmpdir(), 'marquee-updates-dir-'));
  writeFileSync(join(folder, 'marquee_2.1.0_amd64.deb'), randomBytes(5000));
  await writeUpdateFeed(folder, { version: '2.1.0', releaseDate: '2026-11-28T13:00:00.000Z' });
  const hub = await serveCli(['--data', data, '--updates', folder]);
  try {
    const info = await new GenericProvider(
      { provider: 'generic', url: `${hub.url}/updates` },
      { channel: null, isAddNoCacheQuery: false } as unknown as AppUpdater,
      {
        isUseMultipleRangeRequest: false,
        platform: 'linux',
        executor: new NodeHttpExecutor() as unknown as ElectronHttpExecutor,
      },
    ).getLatestVersion();
    expect(info.version).toBe('2.1.0');
  } finally {
    hub.process.kill('SIGTERM');
    await hub.exit;
    rmSync(data, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  }
});
