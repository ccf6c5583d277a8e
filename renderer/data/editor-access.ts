/**
 * How the page starts: with the desktop shell's token, the access token this tab signed in
 * with, or the owner's session, opened with the owner key the address carried (or the cookie
 * of a session this browser already has). None of them: the sign-in screen.
 */
import type { MarqueeBridge } from '#shared/ipc/contract.ts';
import { RefusedError, reach, refusalOf, type Credentials } from './api/client.ts';
import { editorCredentials, keepSignedInToken } from './sync/credentials.ts';
import { takeOwnerKeyFromAddress } from './sync/owner-key.ts';

/** The refusals that mean "this browser is not the owner": sign in with a token. */
const SIGN_IN_NEEDED = new Set(['marquee_owner_key', 'marquee_session_proxied']);

const origin = () => window.location.origin;

/** The page's credentials, or undefined when it must sign in first. */
export async function editorAccess(): Promise<Credentials | undefined> {
  takeOwnerKeyFromAddress();
  const bridge = (window as { marquee?: MarqueeBridge }).marquee;
  const credentials = editorCredentials(bridge, origin);
  try {
    // Opens the session now (its CSRF token is kept for the first request that needs it).
    await credentials.headers();
  } catch (error) {
    if (error instanceof RefusedError && SIGN_IN_NEEDED.has(error.envelope.code)) return undefined;
    // Offline, or another refusal: the editor starts from its replica and says so.
  }
  return credentials;
}

/** Checks an access token with the server, keeps it for this tab and starts the editor with it. */
export async function signInWithToken(token: string): Promise<void> {
  const response = await reach(`${origin()}/wp-json/marquee/v1/session`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw await refusalOf(response);
  keepSignedInToken(token);
  window.location.reload();
}
