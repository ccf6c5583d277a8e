/**
 * The shell's half of "open an .ics with Marquee": the window comes forward at every launch, and
 * an .ics file's bytes reach it once it has loaded (a file named before that waits), from a real
 * file on disk. The window here records what the shell asks of it, as Electron's would do it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserWindow } from 'electron';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { IPC } from '#shared/ipc/contract.ts';
import { createLaunchRequests } from './launch-requests.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-launch-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function recordingWindow() {
  const sent: unknown[][] = [];
  const calls: string[] = [];
  const window = {
    isMinimized: () => true,
    restore: () => calls.push('restore'),
    focus: () => calls.push('focus'),
    webContents: { send: (...args: unknown[]) => sent.push(args) },
  };
  return { window: window as unknown as BrowserWindow, sent, calls };
}

it('brings the window forward, and hands it an .ics once it has loaded', async () => {
  const file = join(dir, 'Jazz week.ics');
  writeFileSync(file, 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  const { window, sent, calls } = recordingWindow();
  const launches = createLaunchRequests(() => window);

  launches.handle(['--flag', file]);
  expect(calls).toEqual(['restore', 'focus']);
  expect(sent).toEqual([]); // not loaded yet: it waits

  launches.loaded();
  await vi.waitFor(() => expect(sent).toHaveLength(1));
  const [channel, opened] = sent[0] as [string, { name: string; bytes: Uint8Array }];
  expect(channel).toBe(IPC.openFile);
  expect(opened.name).toBe('Jazz week.ics');
  expect(Buffer.from(opened.bytes).toString()).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');

  // Loaded now: a second launch's file goes straight to it; a launch without one only focuses.
  launches.openFile(file);
  await vi.waitFor(() => expect(sent).toHaveLength(2));
  launches.handle([]);
  launches.handle([join(dir, 'gone.ics')]);
  await new Promise((resolve) => setImmediate(resolve));
  expect(sent).toHaveLength(2);
});
