/**
 * The desktop app's preload bridge (`window.marquee`, electron/preload.ts), played by the page:
 * Electron's runtime cannot run here, so the editor's desktop-only screens are driven through
 * the same bridge contract (shared/ipc/contract.ts) against the real server. What the shell
 * does behind it (electron-updater, the second launch) is the shared policy's, tested apart.
 */
import type { Page } from '@playwright/test';
import type { UpdateStatus } from '#shared/updates/update-policy.ts';
import { E2E_ADMIN_TOKEN } from '../../playwright.config.ts';

export async function installDesktopBridge(
  page: Page,
  options: { updateStatus: UpdateStatus },
): Promise<void> {
  await page.addInitScript(
    ({ token, updateStatus }) => {
      const opened: ((file: { name: string; bytes: Uint8Array }) => void)[] = [];
      Object.assign(window, {
        marquee: {
          getDesktopInfo: () =>
            Promise.resolve({ serverUrl: location.origin, token, version: '0', platform: 'linux' }),
          onCommand: () => () => undefined,
          printToPdf: () => Promise.resolve(undefined),
          getUpdateStatus: () => Promise.resolve(updateStatus),
          onOpenFile(listener: (file: { name: string; bytes: Uint8Array }) => void) {
            opened.push(listener);
            return () => undefined;
          },
        },
        // What the shell sends when the system opens an .ics with the app (launch-requests.ts).
        openWithFile: (name: string, text: string) => {
          for (const listener of opened) listener({ name, bytes: new TextEncoder().encode(text) });
        },
      });
    },
    { token: E2E_ADMIN_TOKEN, updateStatus: options.updateStatus },
  );
}

/** The system opens the app with a calendar file (as a double-click on an .ics does). */
export function openWithFile(page: Page, name: string, text: string): Promise<void> {
  return page.evaluate(
    ([fileName, fileText]) =>
      (window as unknown as { openWithFile(n: string, t: string): void }).openWithFile(
        fileName!,
        fileText!,
      ),
    [name, text],
  );
}
