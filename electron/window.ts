/** The main window, with Electron's secure defaults spelled out. */
import { fileURLToPath } from 'node:url';
import { BrowserWindow, nativeTheme } from 'electron';

export function createMainWindow(url: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 840,
    minWidth: 720,
    minHeight: 520,
    show: false,
    title: 'Marquee',
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#151412' : '#f6f5f2',
    webPreferences: {
      preload: fileURLToPath(new URL('../preload/index.cjs', import.meta.url)),
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webSecurity: true,
      spellcheck: true,
    },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(url);
  return window;
}
