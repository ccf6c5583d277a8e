/**
 * The sandboxed preload: exposes only `window.marquee`: getDesktopInfo() (server URL and the
 * session token), onCommand() (the native menu's commands), printToPdf() (the programme as
 * a PDF) and getUpdateStatus() (the app's own update, for Settings). No Node APIs reach the page.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { isCommandId, type CommandId } from '#shared/commands.ts';
import { IPC, type DesktopInfo, type MarqueeBridge } from '#shared/ipc/contract.ts';
import type { UpdateStatus } from '#shared/updates/update-policy.ts';

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
  getUpdateStatus: () => ipcRenderer.invoke(IPC.updateStatus) as Promise<UpdateStatus>,
} satisfies MarqueeBridge;

contextBridge.exposeInMainWorld('marquee', bridge);
