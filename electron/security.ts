/**
 * Locks every web page of the app to the built-in server's origin: other navigations and new
 * windows open in the system browser (http/https only), webviews are refused, and so is every
 * permission request except writing to the clipboard (the copy buttons).
 */
import { app, session, shell } from 'electron';

function openExternally(url: string): void {
  const { protocol } = new URL(url);
  if (protocol === 'http:' || protocol === 'https:') void shell.openExternal(url);
}

export function lockDown(appOrigin: string): void {
  app.on('web-contents-created', (_event, contents) => {
    const guard = (event: { preventDefault(): void }, url: string) => {
      if (new URL(url).origin === appOrigin) return;
      event.preventDefault();
      openExternally(url);
    };
    contents.on('will-navigate', guard);
    contents.on('will-redirect', guard);
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      openExternally(url);
      return { action: 'deny' };
    });
  });
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => {
    callback(permission === 'clipboard-sanitized-write');
  });
}
