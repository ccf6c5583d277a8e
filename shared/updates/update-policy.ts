/**
 * When the desktop app looks for, fetches and installs its updates: a pure policy the Electron
 * shell (electron/auto-update.ts) follows, over electron-updater's own events and settings.
 *
 * - Look at start, then once a day, unless automatic updates are off in Settings.
 * - Download in the background as soon as one is found (electron-updater's autoDownload).
 * - Install when the app quits, never while it runs, and never while this calendar has changes
 *   its hub or website has not taken yet or a sync is under way: the update then waits for the
 *   next quit (the installer would stop the app mid-pass, and the unsent changes would wait
 *   for a version that may no longer speak the same protocol to its hub).
 * - A laptop on a hub reads the hub's feed (`/updates/`), which works without internet;
 *   otherwise the release's own feed.
 */

/** Once a day, counted from the last look (or the start). */
export const UPDATE_CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** What the server knows that the policy needs (server/peers/update-work.ts gathers it). */
export type UpdateWork = {
  /** Settings' "Update automatically" on this machine. */
  automatic: boolean;
  /** This calendar's changes that its hub or website has not taken yet. */
  unsentChanges: number;
  /** A pass with the hub or the website is under way. */
  syncing: boolean;
  /** The connected hub's address; null when the laptop has none. */
  hubAddress: string | null;
};

/** The feed this machine reads: its hub's, else the release's; null: nowhere to look. */
export function updateFeedUrl(
  hubAddress: string | null,
  releaseFeed: string | null,
): string | null {
  if (hubAddress) return `${hubAddress.replace(/\/+$/, '')}/updates/`;
  return releaseFeed;
}

/** How long until the next look: none yet → now; else a day after the last one. */
export function nextCheckIn(lastCheckAt: number | null, now: number): number {
  if (lastCheckAt === null) return 0;
  return Math.max(0, lastCheckAt + UPDATE_CHECK_INTERVAL_MS - now);
}

/**
 * electron-updater's switches for this policy: it downloads by itself when automatic, but never
 * installs on quit by itself (installOnQuit decides at each quit), and never goes back a version.
 */
export function updaterSwitches(automatic: boolean): {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  allowDowngrade: boolean;
} {
  return { autoDownload: automatic, autoInstallOnAppQuit: false, allowDowngrade: false };
}

type QuitDecision =
  | { install: true }
  | { install: false; reason: 'off' | 'nothing-downloaded' | 'unsent-changes' | 'syncing' };

/** At quit: install the downloaded update, or say why it waits. */
export function installOnQuit(downloaded: boolean, work: UpdateWork): QuitDecision {
  if (!work.automatic) return { install: false, reason: 'off' };
  if (!downloaded) return { install: false, reason: 'nothing-downloaded' };
  if (work.syncing) return { install: false, reason: 'syncing' };
  if (work.unsentChanges > 0) return { install: false, reason: 'unsent-changes' };
  return { install: true };
}

/** What Settings shows of the updater, built from its events. */
export type UpdateStatus =
  | { phase: 'idle' | 'checking' | 'up-to-date' }
  | { phase: 'downloading'; version: string; percent: number }
  | { phase: 'downloaded'; version: string; releaseNotes: string | null }
  | { phase: 'failed'; message: string };

/** electron-updater's events (UpdaterEvents) and the parts of their arguments Settings shows. */
type UpdaterEvent =
  | { type: 'checking-for-update' }
  | { type: 'update-not-available' }
  | { type: 'update-cancelled' }
  | { type: 'update-available'; version: string }
  | { type: 'download-progress'; percent: number }
  | { type: 'update-downloaded'; version: string; releaseNotes: unknown }
  | { type: 'error'; message: string };

/** Release notes as the feed gives them: a text, or (fullChangelog) one note per version. */
export function releaseNotesText(notes: unknown): string | null {
  if (typeof notes === 'string') return notes.trim() || null;
  if (!Array.isArray(notes)) return null;
  const texts = notes
    .map((entry: unknown) =>
      entry && typeof entry === 'object' && 'note' in entry && typeof entry.note === 'string'
        ? entry.note.trim()
        : '',
    )
    .filter(Boolean);
  return texts.length > 0 ? texts.join('\n\n') : null;
}

export function nextUpdateStatus(status: UpdateStatus, event: UpdaterEvent): UpdateStatus {
  switch (event.type) {
    case 'checking-for-update':
      // A downloaded update stays ready while the next day's look runs.
      return status.phase === 'downloaded' ? status : { phase: 'checking' };
    case 'update-not-available':
      return status.phase === 'downloaded' ? status : { phase: 'up-to-date' };
    case 'update-cancelled':
      return { phase: 'idle' };
    case 'update-available':
      return { phase: 'downloading', version: event.version, percent: 0 };
    case 'download-progress':
      return status.phase === 'downloading'
        ? { ...status, percent: Math.min(100, Math.max(0, Math.round(event.percent))) }
        : status;
    case 'update-downloaded':
      return {
        phase: 'downloaded',
        version: event.version,
        releaseNotes: releaseNotesText(event.releaseNotes),
      };
    case 'error':
      // A failed look or download leaves an update already downloaded ready all the same.
      return status.phase === 'downloaded' ? status : { phase: 'failed', message: event.message };
  }
}

function field(value: unknown, name: string): unknown {
  return value && typeof value === 'object' && name in value
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

function textField(value: unknown, name: string): string {
  const text = field(value, name);
  return typeof text === 'string' ? text : '';
}

/**
 * One of electron-updater's events (its name and first argument: UpdateInfo, ProgressInfo or an
 * Error) as the policy reads it; null for an event it does not follow ("login").
 */
export function updaterEventOf(name: string, argument: unknown): UpdaterEvent | null {
  switch (name) {
    case 'checking-for-update':
    case 'update-not-available':
    case 'update-cancelled':
      return { type: name };
    case 'update-available':
      return { type: name, version: textField(argument, 'version') };
    case 'download-progress':
      return { type: name, percent: Number(field(argument, 'percent') ?? 0) };
    case 'update-downloaded':
      return {
        type: name,
        version: textField(argument, 'version'),
        releaseNotes: field(argument, 'releaseNotes'),
      };
    case 'error':
      return { type: name, message: textField(argument, 'message') || String(argument) };
    default:
      return null;
  }
}
