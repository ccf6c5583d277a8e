import { describe, expect, it } from 'vitest';
import {
  UPDATE_CHECK_INTERVAL_MS,
  installOnQuit,
  nextCheckIn,
  nextUpdateStatus,
  releaseNotesText,
  updateFeedUrl,
  updaterEventOf,
  updaterSwitches,
  type UpdateStatus,
  type UpdateWork,
} from './update-policy.ts';

const idle: UpdateWork = { automatic: true, unsentChanges: 0, syncing: false, hubAddress: null };

describe('where to look', () => {
  it('reads the hub’s /updates/ when the laptop has a hub, else the release’s feed', () => {
    const release = 'https://example.org/releases/latest/download';
    expect(updateFeedUrl('http://hub.local:8787', release)).toBe('http://hub.local:8787/updates/');
    expect(updateFeedUrl('http://10.0.0.2:8787/', release)).toBe('http://10.0.0.2:8787/updates/');
    expect(updateFeedUrl('https://hub.example/marquee', release)).toBe(
      'https://hub.example/marquee/updates/',
    );
    expect(updateFeedUrl(null, release)).toBe(release);
    expect(updateFeedUrl(null, null)).toBeNull();
  });
});

describe('when to look', () => {
  it('looks at start, then a day after the last look', () => {
    const now = Date.UTC(2026, 10, 28, 9);
    expect(nextCheckIn(null, now)).toBe(0);
    expect(nextCheckIn(now, now)).toBe(UPDATE_CHECK_INTERVAL_MS);
    expect(nextCheckIn(now - 3_600_000, now)).toBe(UPDATE_CHECK_INTERVAL_MS - 3_600_000);
    // A machine asleep past the day looks as soon as it wakes.
    expect(nextCheckIn(now - 3 * UPDATE_CHECK_INTERVAL_MS, now)).toBe(0);
  });

  it('downloads by itself only when automatic, and never installs on quit by itself', () => {
    expect(updaterSwitches(true)).toEqual({
      autoDownload: true,
      autoInstallOnAppQuit: false,
      allowDowngrade: false,
    });
    expect(updaterSwitches(false).autoDownload).toBe(false);
  });
});

describe('installing at quit', () => {
  it('installs a downloaded update when nothing is waiting to be sent', () => {
    expect(installOnQuit(true, idle)).toEqual({ install: true });
  });

  it('waits while changes are unsent or a sync runs, when off, and when nothing is downloaded', () => {
    expect(installOnQuit(true, { ...idle, unsentChanges: 3 })).toEqual({
      install: false,
      reason: 'unsent-changes',
    });
    expect(installOnQuit(true, { ...idle, syncing: true })).toEqual({
      install: false,
      reason: 'syncing',
    });
    expect(installOnQuit(true, { ...idle, automatic: false })).toEqual({
      install: false,
      reason: 'off',
    });
    expect(installOnQuit(false, idle)).toEqual({ install: false, reason: 'nothing-downloaded' });
  });
});

describe('what Settings shows', () => {
  const run = (names: [string, unknown][]): UpdateStatus =>
    names.reduce<UpdateStatus>(
      (status, [name, argument]) => {
        const event = updaterEventOf(name, argument);
        return event ? nextUpdateStatus(status, event) : status;
      },
      { phase: 'idle' },
    );

  it('follows a look, a download and its notes', () => {
    const info = { version: '2.0.0', releaseNotes: ' Faster printing. ', files: [] };
    expect(run([['checking-for-update', undefined]])).toEqual({ phase: 'checking' });
    expect(
      run([
        ['checking-for-update', undefined],
        ['update-not-available', info],
      ]),
    ).toEqual({
      phase: 'up-to-date',
    });
    expect(
      run([
        ['checking-for-update', undefined],
        ['update-available', info],
        ['download-progress', { percent: 41.6, total: 100, transferred: 41 }],
      ]),
    ).toEqual({ phase: 'downloading', version: '2.0.0', percent: 42 });
    expect(
      run([
        ['update-available', info],
        ['update-downloaded', info],
      ]),
    ).toEqual({
      phase: 'downloaded',
      version: '2.0.0',
      releaseNotes: 'Faster printing.',
    });
  });

  it('keeps a downloaded update ready through the next look and a failed one', () => {
    const info = { version: '2.0.0', releaseNotes: null };
    const ready = run([['update-downloaded', info]]);
    expect(
      run([
        ['update-downloaded', info],
        ['checking-for-update', undefined],
      ]),
    ).toEqual(ready);
    expect(
      run([
        ['update-downloaded', info],
        ['error', new Error('offline')],
      ]),
    ).toEqual(ready);
    expect(run([['error', new Error('net::ERR_INTERNET_DISCONNECTED')]])).toEqual({
      phase: 'failed',
      message: 'net::ERR_INTERNET_DISCONNECTED',
    });
    expect(updaterEventOf('login', {})).toBeNull();
  });

  it('reads release notes given as text or as one note per version', () => {
    expect(releaseNotesText('  ')).toBeNull();
    expect(
      releaseNotesText([
        { version: '2.0.0', note: 'Faster printing.' },
        { version: '1.9.0', note: null },
        { version: '1.8.0', note: 'Japanese menus.' },
      ]),
    ).toBe('Faster printing.\n\nJapanese menus.');
    expect(releaseNotesText(undefined)).toBeNull();
  });
});
