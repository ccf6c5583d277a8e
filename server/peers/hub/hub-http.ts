/**
 * HTTP to the hub's `marquee/v1` as the token's user: the replica protocol's info, and its
 * client (shared/sync/replica-client.ts, the editor's own) for pull, push and the change stream. The token goes in
 * the Authorization header, built once, never in a message or a log line. Plain http is refused
 * to an address that is not this machine unless the user said `insecure`: the token would cross
 * the network readable by anyone on it.
 */
import { exposesSecrets } from '#shared/net/loopback.ts';
import {
  OtherCalendarError,
  replicaLine,
  replicaRefusal,
  type ProtocolCall,
} from '#shared/sync/replica-client.ts';
import { calendarStateSchema, type CalendarState } from '#shared/schemas/settings.ts';
import { syncInfoSchema, SYNC_PROTOCOL, type SyncInfo } from '#shared/schemas/sync.ts';
import { z } from 'zod';
import {
  siteConflictSchema,
  siteLinksAnswerSchema,
  siteStatusSchema,
  type ConflictChoice,
  type SiteConflict,
  type SiteLink,
  type SiteLinksAnswer,
  type SiteStatus,
} from '#shared/schemas/site.ts';
import { peerLogEntrySchema, type PeerLogEntry } from '#shared/schemas/peer.ts';
import { connectionFailure } from '../core/connection-failure.ts';
import { HubError, HubSiteError, otherCalendar } from './hub-error.ts';

/** A kept-alive connection closed by the other side as it was reused. */
const STALE_SOCKET = /^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/;

const causeCode = (error: unknown): string =>
  (error as { cause?: { code?: string } }).cause?.code ?? '';

/** The hub's base address as typed ("https://hub.example/", with or without the path). */
export function hubAddress(typed: string, insecure: boolean): string {
  let url: URL;
  try {
    url = new URL(typed.includes('://') ? typed : `https://${typed}`);
  } catch {
    throw new HubError('unreachable', `“${typed}” is not an address (https://hub.example).`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new HubError('unreachable', `The hub’s address must begin with https:// (${typed}).`);
  if (exposesSecrets(url) && !insecure)
    throw new HubError(
      'insecure',
      `${url.host} is reached over plain http, where anyone on the network can read the token: put the hub behind https (a reverse proxy: see the README, “Several laptops”), or say --insecure to allow it on a network you trust.`,
    );
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export type HubHttp = ReturnType<typeof createHubHttp>;

export function createHubHttp(options: {
  address: string;
  token: string;
  timeoutMs?: number | undefined;
}) {
  const root = `${options.address}/wp-json/marquee/v1`;
  const host = new URL(options.address).host;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const authorization = `Bearer ${options.token}`;

  async function send<S extends z.ZodType>(
    schema: S,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<z.output<S>> {
    const ask = async () => {
      const response = await fetch(`${root}/${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { response, text: await response.text() };
    };
    let response: Response;
    let text: string;
    try {
      // A kept-alive connection the hub closed as it was reused fails at once: asked again on a
      // new one. Every request here may go twice (a push's mutations are numbered: the hub
      // answers a repeat with what it did the first time).
      ({ response, text } = await ask().catch((error: unknown) => {
        if (!STALE_SOCKET.test(causeCode(error))) throw error;
        return ask();
      }));
    } catch (error) {
      throw connectionProblem(error, host, timeoutMs);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const code = (parsed as { code?: unknown } | undefined)?.code;
    if (response.status === 401 || response.status === 403)
      throw new HubError(
        'login',
        `The hub ${host} refused the token (${response.status}${typeof code === 'string' ? `, ${code}` : ''}): it was revoked, or it is not an editor’s. Make a new one on the hub (marquee token create --role editor) and give it here (Settings → Hub → Replace the token, or connect again); this calendar’s unsent changes are kept.`,
      );
    const refusal = response.ok
      ? undefined
      : replicaRefusal(code, (parsed as { data?: unknown } | undefined)?.data);
    if (refusal instanceof OtherCalendarError) throw otherCalendar(host);
    if (refusal) throw refusal;
    // The hub's own answer about its website (no such conflict…): said as the hub said it.
    if (!response.ok && typeof code === 'string' && code.startsWith('marquee_site_'))
      throw new HubSiteError(code, (parsed as { message?: string }).message ?? code);
    if (response.status === 404 && code === 'rest_no_route')
      throw new HubError(
        'version',
        `${host} answers, but has no replica protocol: it is not a Marquee server, or one too old to be a hub. Update it to this version of Marquee.`,
      );
    const checked = response.ok ? schema.safeParse(parsed) : undefined;
    if (!checked?.success)
      throw new HubError(
        'server',
        `The hub ${host} answered ${response.status} with ${parsed === undefined ? 'something that is not a Marquee answer' : `“${(parsed as { message?: string }).message ?? 'an answer this version does not understand'}”`}: Marquee tries again later.`,
      );
    return checked.data;
  }

  const call: ProtocolCall = (schema, path, body) =>
    send(schema, body === undefined ? 'GET' : 'POST', path.replace(/^\//, ''), body);
  const line = replicaLine(call, async (signal: AbortSignal) => {
    const response = await fetch(`${root}/sync/stream`, {
      headers: { authorization, accept: 'text/event-stream' },
      signal,
    });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new HubError('server', `The hub’s change stream answered ${response.status}.`);
    }
    return response;
  });

  return {
    address: options.address,

    /** The replica protocol with the hub: pull, push and its change stream. */
    line,

    /** The hub's protocol, checked: a different one is refused before anything is exchanged. */
    async info(): Promise<SyncInfo> {
      const info = await send(syncInfoSchema, 'GET', 'sync/info');
      if (info.protocol !== SYNC_PROTOCOL)
        throw new HubError(
          'version',
          `The hub ${host} speaks version ${info.protocol} of the replica protocol (Marquee ${info.version}) and this calendar version ${SYNC_PROTOCOL}: nothing was exchanged. Update ${info.protocol > SYNC_PROTOCOL ? 'this laptop' : 'the hub'} to the same version of Marquee.`,
        );
      return info;
    },

    /** The hub's calendar settings (hub-settings.ts). */
    calendar(): Promise<CalendarState> {
      return send(calendarStateSchema, 'GET', 'sync/settings');
    },

    /** Offers this calendar's settings: the hub answers the ones it holds after deciding. */
    offerCalendar(state: CalendarState): Promise<CalendarState> {
      return send(calendarStateSchema, 'PUT', 'sync/settings', state);
    },

    /** The hub's website, as the hub sees it (sync-site.routes.ts on the hub). */
    siteStatus(): Promise<SiteStatus> {
      return send(siteStatusSchema, 'GET', 'sync/site');
    },

    siteConflicts(): Promise<SiteConflict[]> {
      return send(z.array(siteConflictSchema), 'GET', 'sync/site/conflicts');
    },

    /** A decision on one of the hub's website conflicts: the hub applies it. */
    siteResolve(
      id: number,
      keep: ConflictChoice,
    ): Promise<{ status: SiteStatus; conflicts: SiteConflict[] }> {
      return send(
        z.object({ status: siteStatusSchema, conflicts: z.array(siteConflictSchema) }),
        'POST',
        `sync/site/conflicts/${id}`,
        { keep },
      );
    },

    siteLog(limit: number): Promise<PeerLogEntry[]> {
      return send(z.array(peerLogEntrySchema), 'GET', `sync/site/log?limit=${limit}`);
    },

    /** This calendar's links to the website at `address`, for the hub to adopt. */
    handLinks(address: string, links: readonly SiteLink[]): Promise<SiteLinksAnswer> {
      return send(siteLinksAnswerSchema, 'POST', 'sync/site/links', { address, links });
    },

    /**
     * Listens to the hub's change stream until `signal` aborts or the stream ends; `poked` runs
     * at each change (and once at the start: what changed while nobody listened).
     */
    listen(signal: AbortSignal, poked: () => void): Promise<void> {
      return line.stream(poked, signal);
    },
  };
}

function connectionProblem(error: unknown, host: string, timeoutMs: number): HubError {
  const { problem, message } = connectionFailure(error, timeoutMs, {
    peer: `The hub ${host}`,
    secureTo: `the hub ${host}`,
    speaker: 'it',
  });
  return new HubError(problem, message);
}
