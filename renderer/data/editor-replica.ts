/**
 * The editor's replica: IndexedDB "marquee" in this browser profile (every tab and window
 * shares it), synced with the server the page came from, as the desktop session or as a
 * loopback browser session. It starts syncing at once; the UI reads it through hooks.ts.
 */
import type { MarqueeBridge } from '#shared/ipc/contract.ts';
import { MarqueeDB } from './db.ts';
import { createReplica, type Replica } from './replica.ts';
import { editorCredentials } from './sync/credentials.ts';
import { httpTransport } from './sync/transport.ts';

const ZONE_KEY = 'marquee.calendarZone';

export function openEditorReplica(): Replica {
  const bridge = (window as { marquee?: MarqueeBridge }).marquee;
  const origin = () => window.location.origin;
  const replica = createReplica({
    db: new MarqueeDB('marquee'),
    transport: httpTransport(origin, editorCredentials(bridge, origin)),
    // Large pages: a first sync of a big calendar makes few round trips (the server's maximum).
    pullLimit: 5000,
    // Offline at start: the zone the server last named, else this computer's.
    timezone: localStorage.getItem(ZONE_KEY) ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  replica.engine.start();
  return {
    ...replica,
    setTimezone(zone) {
      localStorage.setItem(ZONE_KEY, zone);
      replica.setTimezone(zone);
    },
  };
}
