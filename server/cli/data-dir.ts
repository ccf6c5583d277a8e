/**
 * Where a calendar lives by default: the OS's per-user app-data folder, the same one the
 * desktop app uses (Electron's userData for the product name "Marquee"), so `marquee serve`
 * and the desktop app open the same calendar.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

const PRODUCT_NAME = 'Marquee';

export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  if (env.MARQUEE_DATA_DIR) return env.MARQUEE_DATA_DIR;
  if (platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', PRODUCT_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), PRODUCT_NAME);
}
