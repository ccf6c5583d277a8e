/**
 * How the editor identifies itself to the server. In the desktop app the preload hands over
 * the session's token. In a browser the page opens the owner's session with the owner key
 * (owner-key.ts: from the address Marquee printed); the server sets an HttpOnly cookie and
 * returns a CSRF token that goes with every request. The CSRF token is kept in memory only;
 * after a reload or a server restart the page opens its session again. A browser without the
 * key signs in with an access token instead (SignInScreen), kept in this tab.
 */
import type { MarqueeBridge } from '#shared/ipc/contract.ts';
import { reach, refusalOf, type Credentials } from '../api/client.ts';
import { storedOwnerKey } from './owner-key.ts';

const CSRF_HEADER = 'X-Marquee-CSRF';
const KEY_HEADER = 'X-Marquee-Key';
const TOKEN_STORAGE = 'marquee.token';

export function tokenCredentials(token: () => Promise<string>): Credentials {
  return { headers: async () => ({ Authorization: `Bearer ${await token()}` }) };
}

/** The owner's session, opened with `key` (the cookie alone serves a second tab). */
export function sessionCredentials(
  baseUrl: () => string,
  key: () => string | undefined,
): Credentials {
  let csrf: Promise<string> | undefined;
  async function open(): Promise<string> {
    const given = key();
    const response = await reach(`${baseUrl()}/wp-json/marquee/v1/session`, {
      method: 'POST',
      headers: given === undefined ? {} : { [KEY_HEADER]: given },
    });
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

/** The access token this tab signed in with, if any. */
function signedInToken(): string | undefined {
  return sessionStorage.getItem(TOKEN_STORAGE) ?? undefined;
}

/** Signs this tab in with an access token, after the server accepted it. */
export function keepSignedInToken(token: string): void {
  sessionStorage.setItem(TOKEN_STORAGE, token);
}

/**
 * The desktop bridge's token when the preload is there, else the token this tab signed in
 * with, else the owner's session of this browser.
 */
export function editorCredentials(
  bridge: MarqueeBridge | undefined,
  baseUrl: () => string,
): Credentials {
  if (bridge) {
    let token: Promise<string> | undefined;
    return tokenCredentials(() => (token ??= bridge.getDesktopInfo().then((info) => info.token)));
  }
  const token = signedInToken();
  if (token !== undefined) return tokenCredentials(() => Promise.resolve(token));
  return sessionCredentials(baseUrl, storedOwnerKey);
}
