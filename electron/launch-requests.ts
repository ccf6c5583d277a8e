/**
 * Carries out what a launch asks for (shared/launch/launch-request.ts decides what that is):
 * brings the window to the front and, for an .ics file, hands its bytes to the window, whose
 * import dialog previews it. A request that comes before the window has loaded waits for it.
 */
import { readFile } from 'node:fs/promises';
import type { BrowserWindow } from 'electron';
import { IPC, type OpenedFile } from '#shared/ipc/contract.ts';
import { fileNameOf, launchRequest } from '#shared/launch/launch-request.ts';

export function createLaunchRequests(window: () => BrowserWindow | undefined) {
  let waiting: string[] = [];
  let loaded = false;

  async function open(path: string): Promise<void> {
    const target = window();
    if (!target || !loaded) {
      waiting.push(path);
      return;
    }
    try {
      const file: OpenedFile = { name: fileNameOf(path), bytes: await readFile(path) };
      target.webContents.send(IPC.openFile, file);
    } catch {
      // A file gone or unreadable since the system named it: the window only comes forward.
    }
  }

  return {
    /** A launch's command line after the executable: this one's, or a second instance's. */
    handle(args: readonly string[]): void {
      const target = window();
      if (target?.isMinimized()) target.restore();
      target?.focus();
      const request = launchRequest(args);
      if (request.kind === 'import-file') void open(request.path);
    },
    /** macOS names an opened file in its own event ('open-file'), not on the command line. */
    openFile: (path: string) => void open(path),
    /** The window has loaded: hand it what waited. */
    loaded(): void {
      loaded = true;
      const paths = waiting;
      waiting = [];
      for (const path of paths) void open(path);
    },
  };
}
