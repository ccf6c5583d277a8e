/**
 * The desktop app's main process: one instance, the built-in server on the configured port,
 * a window on it, the menu. Everything else lives in server/, renderer/ and shared/.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu } from 'electron';
import { IPC, type DesktopInfo } from '#shared/ipc/contract.ts';
import { PortInUseError } from '../server/start-server.ts';
import { DataDirInUseError } from '../server/store/data-dir-lock.ts';
import { DatabaseTooNewError } from '../server/store/migrate.ts';
import { createMainTranslator, type MainTranslator } from './i18n.ts';
import { startAutoUpdates, type AutoUpdates } from './auto-update.ts';
import { createLaunchRequests } from './launch-requests.ts';
import { buildMenu } from './menu.ts';
import { lockDown } from './security.ts';
import { hostServer, type HostedServer } from './server-host.ts';
import { createMainWindow } from './window.ts';

/** The desktop editor's own token, new each run, handed to the window through the preload. */
const sessionToken = randomBytes(32).toString('base64url');
let hosted: HostedServer | undefined;
let updates: AutoUpdates | undefined;
const launches = createLaunchRequests(() => BrowserWindow.getAllWindows()[0]);

function showStartError(error: unknown, t: MainTranslator): void {
  if (error instanceof PortInUseError) {
    dialog.showErrorBox(
      t('portBusyTitle', { port: error.port }),
      t('portBusyMessage', { port: error.port }),
    );
  } else if (error instanceof DatabaseTooNewError) {
    dialog.showErrorBox(
      t('calendarTooNewTitle'),
      t('calendarTooNewMessage', { dir: dirname(error.file) }),
    );
  } else if (error instanceof DataDirInUseError) {
    dialog.showErrorBox(t('dataInUseTitle'), t('dataInUseMessage', { dir: error.dataDir }));
  } else {
    dialog.showErrorBox(
      t('startFailedTitle'),
      error instanceof Error ? error.message : String(error),
    );
  }
}

async function start(): Promise<void> {
  const t = await createMainTranslator(app.getLocale());
  try {
    hosted = await hostServer({ dataDir: app.getPath('userData'), token: sessionToken });
  } catch (error) {
    showStartError(error, t);
    app.quit();
    return;
  }
  const serverUrl = hosted.url;
  lockDown(new URL(serverUrl).origin);
  const server = hosted;
  updates = startAutoUpdates(() => server.updateWork());
  ipcMain.handle(IPC.updateStatus, (event) => {
    if (new URL(event.senderFrame?.url ?? 'about:blank').origin !== new URL(serverUrl).origin) {
      throw new Error('the update status is only for the Marquee window');
    }
    return updates?.status() ?? { phase: 'idle' };
  });
  ipcMain.handle(IPC.desktopInfo, (event): DesktopInfo => {
    if (new URL(event.senderFrame?.url ?? 'about:blank').origin !== new URL(serverUrl).origin) {
      throw new Error('desktop info is only for the Marquee window');
    }
    return {
      serverUrl,
      token: sessionToken,
      version: app.getVersion(),
      platform: process.platform,
    };
  });
  // The page as printed (the programme's print CSS), saved where the user says.
  ipcMain.handle(IPC.printToPdf, async (event, suggestedName: unknown) => {
    if (new URL(event.senderFrame?.url ?? 'about:blank').origin !== new URL(serverUrl).origin) {
      throw new Error('printing is only for the Marquee window');
    }
    const window = BrowserWindow.fromWebContents(event.sender);
    const name = typeof suggestedName === 'string' ? suggestedName : 'programme.pdf';
    const choice = window
      ? await dialog.showSaveDialog(window, { defaultPath: name })
      : await dialog.showSaveDialog({ defaultPath: name });
    if (choice.canceled || !choice.filePath) return undefined;
    const pdf = await event.sender.printToPDF({ printBackground: false, pageSize: 'A4' });
    await writeFile(choice.filePath, pdf);
    return choice.filePath;
  });
  Menu.setApplicationMenu(
    buildMenu(t, serverUrl, hosted.editorUrl, (id) =>
      BrowserWindow.getFocusedWindow()?.webContents.send(IPC.command, id),
    ),
  );
  const window = createMainWindow(serverUrl);
  window.webContents.once('did-finish-load', () => launches.loaded());
  // This launch's own file (Windows and Linux name it on the command line).
  launches.handle(process.argv.slice(app.isPackaged ? 1 : 2));
  if (app.isPackaged) app.setAsDefaultProtocolClient('marquee');
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // A second launch ends at once and hands its command line here: the window comes forward,
  // with the .ics file it was opened with in the import's preview.
  app.on('second-instance', (_event, argv) => launches.handle(argv.slice(app.isPackaged ? 1 : 2)));
  app.on('open-file', (event, path) => {
    event.preventDefault();
    launches.openFile(path);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (hosted && BrowserWindow.getAllWindows().length === 0) createMainWindow(hosted.url);
  });
  app.on('will-quit', (event) => {
    if (!hosted) return;
    event.preventDefault();
    // Decided while the calendar is still open: its unsent changes and syncs hold an install.
    updates?.beforeQuit();
    updates?.stop();
    const closing = hosted;
    hosted = undefined;
    void closing.close().finally(() => app.quit());
  });
  void app.whenReady().then(start);
}
