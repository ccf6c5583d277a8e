/**
 * The sandboxed preload: exposes only `window.marquee.getDesktopInfo()` (server URL and the
 * session token). No Node APIs reach the page.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { IPC, type DesktopInfo, type MarqueeBridge } from '#shared/ipc/contract.ts';

const bridge = {
  getDesktopInfo: () => ipcRenderer.invoke(IPC.desktopInfo) as Promise<DesktopInfo>,
} satisfies MarqueeBridge;

contextBridge.exposeInMainWorld('marquee', bridge);
