/**
 * The sandboxed preload: exposes only `window.marquee`: getDesktopInfo() (server URL and the
 * session token), onCommand() (the native menu's commands), printToPdf() (the programme as
 * a PDF), onOpenFile() (an .ics the app was opened with) and getUpdateStatus() (the app's own update, for Settings). No Node APIs reach the page.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { isCommandId, type CommandId } from '#shared/commands.ts';
import {
  IPC,
  type DesktopInfo,
  type MarqueeBridge,
  type OpenedFile,
} from '#shared/ipc/contract.ts';
import type { UpdateStatus } from '#shared/updates/update-policy.ts';

// A file the app was opened with may arrive before the editor listens (it loads its data
// first): kept here until it does.
const openedFiles: OpenedFile[] = [];
let fileListener: ((file: OpenedFile) => void) | undefined;
ipcRenderer.on(IPC.openFile, (_event, file: unknown) => {
  const { name, bytes } = (file ?? {}) as Partial<OpenedFile>;
  if (typeof name !== 'string' || !(bytes instanceof Uint8Array)) return;
  if (fileListener) fileListener({ name, bytes });
  else openedFiles.push({ name, bytes });
});

const bridge = {
  getDesktopInfo: () => ipcRenderer.invoke(IPC.desktopInfo) as Promise<DesktopInfo>,
  onCommand(listener: (id: CommandId) => void) {
    const handler = (_event: unknown, id: unknown) => {
      if (isCommandId(id)) listener(id);
    };
    ipcRenderer.on(IPC.command, handler);
    return () => void ipcRenderer.removeListener(IPC.command, handler);
  },
  printToPdf: (suggestedName: string) =>
    ipcRenderer.invoke(IPC.printToPdf, suggestedName) as Promise<string | undefined>,
  onOpenFile(listener: (file: OpenedFile) => void) {
    fileListener = listener;
    for (const file of openedFiles.splice(0)) listener(file);
    return () => {
      if (fileListener === listener) fileListener = undefined;
    };
  },
  getUpdateStatus: () => ipcRenderer.invoke(IPC.updateStatus) as Promise<UpdateStatus>,
} satisfies MarqueeBridge;

contextBridge.exposeInMainWorld('marquee', bridge);
