/**
 * The desktop bridge: what the preload script exposes to the renderer (as `window.marquee`),
 * and the IPC channels behind it. Keep it tiny: the renderer talks to the server over HTTP.
 */
import type { CommandId } from '../commands.ts';
import type { UpdateStatus } from '../updates/update-policy.ts';
export type DesktopInfo = {
  /** Origin of the built-in server the window is loaded from, e.g. http://127.0.0.1:8787 */
  serverUrl: string;
  /** Admin token of this desktop session, so the editor can write without signing in. */
  token: string;
  version: string;
  platform: string;
};

/** A calendar file the system opened the app with (a double-clicked .ics), for the import. */
export type OpenedFile = { name: string; bytes: Uint8Array };

export type MarqueeBridge = {
  getDesktopInfo(): Promise<DesktopInfo>;
  /** Calls `listener` with each command chosen in the native menu; returns a way to stop. */
  onCommand(listener: (id: CommandId) => void): () => void;
  /**
   * Saves the page as printed (the programme) as a PDF where the user chooses; resolves the
   * file's path, or undefined when they cancelled.
   */
  printToPdf(suggestedName: string): Promise<string | undefined>;
  /** Calls `listener` with each .ics file the app is opened with; returns a way to stop. */
  onOpenFile(listener: (file: OpenedFile) => void): () => void;
  /** Where the app's own update is (shared/updates/update-policy.ts), for Settings. */
  getUpdateStatus(): Promise<UpdateStatus>;
};

export const IPC = {
  desktopInfo: 'marquee:desktop-info',
  command: 'marquee:command',
  printToPdf: 'marquee:print-to-pdf',
  updateStatus: 'marquee:update-status',
  openFile: 'marquee:open-file',
} as const;
