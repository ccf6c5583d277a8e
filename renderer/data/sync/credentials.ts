/**
 * How the editor identifies itself to the server. In the desktop app the preload
 * hands over the session's token. In a browser on this machine the page opens a session: the
 * server sets an HttpOnly cookie and returns a CSRF token that goes with every request. The
 * token is kept in memory only; after a reload or a server restart the page opens a new session.
 */
import type { MarqueeBridge } from '#shared/ipc/contract.ts';
import { reach, refusalOf, type Credentials } from '../api/client.ts';

const CSRF_HEADER = 'X-Marquee-CSRF';

export function tokenCredentials(token: () => Promise<string>): Credentials {
  return { headers: async () => ({ Authorization: `Bearer ${await token()}` }) };
}

export function sessionCredentials(baseUrl: () => string): Credentials {
  let csrf: Promise<string> | undefined;
  async function open(): Promise<string> {
    const response = await reach(`${baseUrl()}/wp-json/marquee/v1/session`, { method: 'POST' });
    if (!response.ok) throw await refusalOf(response);
    const body = (await response.json()) as { csrfToken?: unknown };
    return typeof body.csrfToken === 'string' ? body.csrfToken : '';
  }
  return {
    async headers() {
      csrf ??= open().catch((error: unknown) => {
        csrf = undefined;
        throw error;
      });
      return { [CSRF_HEADER]: await csrf };
    },
    renew() {
      csrf = undefined;
    },
  };
}

/** The desktop bridge's token when the preload is there, else a session of this browser. */
export function editorCredentials(
  bridge: MarqueeBridge | undefined,
  baseUrl: () => string,
): Credentials {
  if (!bridge) return sessionCredentials(baseUrl);
  let token: Promise<string> | undefined;
  return tokenCredentials(() => (token ??= bridge.getDesktopInfo().then((info) => info.token)));
}
