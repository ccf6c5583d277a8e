/**
 * The server's health endpoint, polled so the frame can show whether the built-in server is
 * reachable. Requests are same-origin: the editor is always served by the server it talks to.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import { healthSchema, type Health } from '#shared/schemas/health.ts';

export type ServerState =
  | { state: 'checking' }
  | { state: 'online'; health: Health }
  | { state: 'offline'; last: Health | undefined };

const HEALTH_PATH = '/wp-json/marquee/v1/health';
const POLL_MS = 10_000;

async function fetchHealth(signal: AbortSignal): Promise<Health> {
  const response = await fetch(HEALTH_PATH, { signal, cache: 'no-store' });
  if (!response.ok) throw new Error(`health answered ${response.status}`);
  return healthSchema.parse(await response.json());
}

/**
 * `reachable`: what the sync engine last found (its stream or a pass); when it changes, the
 * health is asked again at once, so both say the same within moments. `passes`: how many sync
 * passes have ended; each may have brought changes (an import, an edit through the API), so the
 * health's counts are asked again too, and the summary follows the calendar at once.
 */
export function useServerHealth(reachable: boolean, passes: number): ServerState {
  const [server, setServer] = useState<ServerState>({ state: 'checking' });
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const health = await fetchHealth(controller.signal);
        setServer({ state: 'online', health });
      } catch {
        if (controller.signal.aborted) return;
        setServer((previous) => ({
          state: 'offline',
          last:
            previous.state === 'online'
              ? previous.health
              : previous.state === 'offline'
                ? previous.last
                : undefined,
        }));
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [reachable, passes]);
  return server;
}

/**
 * The frame's ServerState for the pages that show it (Settings): read through a context, so a
 * health answer redraws those pages only, not every page under the frame.
 */
export const ServerStateContext = createContext<ServerState>({ state: 'checking' });

export function useServerState(): ServerState {
  return useContext(ServerStateContext);
}
