/**
 * The desktop app's own updates, as shared/updates/update-policy.ts decides them: electron-updater
 * does the looking, downloading and installing; this file only feeds it the policy's answers.
 * Only an installed app updates itself (`npm start` from a checkout has nothing to replace).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { app } from 'electron';
import electronUpdater from 'electron-updater';
import {
  installOnQuit,
  nextCheckIn,
  nextUpdateStatus,
  updateFeedUrl,
  updaterEventOf,
  updaterSwitches,
  type UpdateStatus,
  type UpdateWork,
} from '#shared/updates/update-policy.ts';

const EVENTS = [
  'checking-for-update',
  'update-available',
  'update-not-available',
  'update-cancelled',
  'download-progress',
  'update-downloaded',
  'error',
] as const;

/**
 * The release's feed, written into the installed app's package.json by the release workflow
 * (electron-builder's extraMetadata.updateFeed); none in a build made by hand.
 */
function releaseFeed(): string | null {
  try {
    const manifest = JSON.parse(readFileSync(join(app.getAppPath(), 'package.json'), 'utf8')) as {
      updateFeed?: unknown;
    };
    return typeof manifest.updateFeed === 'string' ? manifest.updateFeed : null;
  } catch {
    return null;
  }
}

export type AutoUpdates = { status(): UpdateStatus; beforeQuit(): void; stop(): void };

export function startAutoUpdates(work: () => UpdateWork): AutoUpdates {
  let status: UpdateStatus = { phase: 'idle' };
  if (!app.isPackaged) return { status: () => status, beforeQuit() {}, stop() {} };
  const { autoUpdater } = electronUpdater;
  for (const name of EVENTS) {
    autoUpdater.on(name, (argument: unknown) => {
      const event = updaterEventOf(name, argument);
      if (event) status = nextUpdateStatus(status, event);
    });
  }
  let timer: NodeJS.Timeout | undefined;
  let lastCheckAt: number | null = null;
  const release = releaseFeed();

  function look(): void {
    const now = work();
    const feed = updateFeedUrl(now.hubAddress, release);
    Object.assign(autoUpdater, updaterSwitches(now.automatic));
    if (now.automatic && feed) {
      // The hub may have been joined or left since the last look: its feed, or the release's.
      autoUpdater.setFeedURL({ provider: 'generic', url: feed });
      // A failed look (offline) is an 'error' event Settings shows; the next day tries again.
      autoUpdater.checkForUpdates().catch(() => undefined);
    }
    lastCheckAt = Date.now();
    timer = setTimeout(look, nextCheckIn(lastCheckAt, Date.now()));
  }
  look();

  return {
    status: () => status,
    /** Called at quit while the calendar is still open: install now, or at a later quit. */
    beforeQuit() {
      autoUpdater.autoInstallOnAppQuit = installOnQuit(
        status.phase === 'downloaded',
        work(),
      ).install;
    },
    stop: () => clearTimeout(timer),
  };
}
