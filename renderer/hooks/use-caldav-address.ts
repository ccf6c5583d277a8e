/**
 * The CalDAV address staff phones add (docs/caldav.md). A laptop on a hub gives the hub's:
 * the phones then sync with the calendar every laptop shares, and keep syncing while this
 * laptop is closed or away. The hub's state is asked again as the header asks it, so the
 * address follows a connection or a disconnection.
 */
import { useEffect, useState } from 'react';
import { useAdminApi } from '../data/api/admin-api.ts';

const REFRESH_MS = 10_000;
const LOOPBACK = /^(localhost|127(?:\.\d+){3}|\[::1\])$/;

export type CaldavAddress = {
  address: string;
  /** The address is the hub's, not this server's. */
  onHub: boolean;
  /** The address names this computer only: no phone can reach it. */
  localOnly: boolean;
};

/** The DAV root under a server's address, which CalDAV discovery starts from. */
function davRoot(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/dav/`;
}

export function useCaldavAddress(): CaldavAddress {
  const api = useAdminApi();
  const [hub, setHub] = useState<string>();
  useEffect(() => {
    const load = () =>
      void api.hubStatus().then(
        (status) => setHub(status.connection?.address),
        () => setHub(undefined),
      );
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [api]);
  const address = davRoot(hub ?? window.location.origin);
  return { address, onHub: hub !== undefined, localOnly: LOOPBACK.test(new URL(address).hostname) };
}

/**
 * The address with the login as its user part (RFC 3986 userinfo, percent-encoded), which
 * DAV clients read as the user name. Never the token: see docs/caldav.md.
 */
export function withLogin(address: string, login: string): string {
  const url = new URL(address);
  url.username = login;
  return url.href;
}
