/**
 * The website as this calendar's editor, command line and API see it (`marquee/v1/site`): its
 * own connection, or, while the calendar is on a hub, the hub's. A hub syncs with the website
 * for every laptop (README, "Several laptops"), so a laptop on one shows the website's state,
 * conflicts and log as the hub sees them, and its decisions go to the hub, which applies them
 * (sync-site.routes.ts there); it connects no website itself. A hub that cannot be reached is a
 * state (offline, with why), not an error, for the header and Settings to show.
 */
import { ERROR_STATUS, type ErrorCode } from '#shared/errors/codes.ts';
import type {
  ConflictChoice,
  SiteConflict,
  SiteConnection,
  SiteStatus,
  SiteTest,
} from '#shared/schemas/site.ts';
import type { PeerLogEntry, SyncSummary } from '#shared/schemas/peer.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain/errors.ts';
import { HubError, HubSiteError } from '../hub/hub-error.ts';
import type { HubHttp } from '../hub/hub-http.ts';
import type { HubService } from '../hub/hub.service.ts';
import type { PeerScheduler } from '../peer-scheduler.ts';
import type { WebsiteService } from './website.service.ts';
import { SecretLockedError } from '../site-secret.ts';

/** The editor's website card: this calendar's own website sync, or its hub's, relayed. */
export type SiteFront = {
  status(): Promise<SiteStatus>;
  conflicts(): Promise<SiteConflict[]>;
  /** A decision: applied here, or by the hub (whose answer this is then). */
  resolve(
    id: number,
    keep: ConflictChoice,
  ): Promise<{ status: SiteStatus; conflicts: SiteConflict[] }>;
  log(limit: number): Promise<PeerLogEntry[]>;
  test(connection: SiteConnection): Promise<SiteTest>;
  connect(connection: SiteConnection): Promise<{ status: SiteStatus; summary: SyncSummary }>;
  sync(options: { dryRun?: boolean; full?: boolean }): Promise<SyncSummary>;
  disconnect(): SiteStatus;
};

const isErrorCode = (code: string): code is ErrorCode => code in ERROR_STATUS;

/** What went wrong asking the hub, as the API's error. */
function relayError(error: unknown): unknown {
  if (error instanceof HubSiteError)
    return new DomainError(
      isErrorCode(error.code) ? error.code : 'marquee_hub_error',
      error.message,
    );
  if (error instanceof HubError) return new DomainError(error.code, error.message);
  if (error instanceof SecretLockedError)
    return new DomainError('marquee_hub_token_locked', error.message);
  return error;
}

export function createSiteFront(deps: {
  site: WebsiteService;
  hub: HubService;
  scheduler: PeerScheduler;
  clock: Clock;
}): SiteFront {
  const { site, hub } = deps;

  /** The hub's client while this calendar is on a hub (its token unreadable: an error). */
  function relay(): { address: string; http: HubHttp } | undefined {
    try {
      return hub.relay();
    } catch (error) {
      throw relayError(error);
    }
  }

  async function asked<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw relayError(error);
    }
  }

  /** Refuses what only the hub may do with its website (connect, disconnect, sync it). */
  function refuseOnHub(): void {
    const on = hub.connected() ? hub.status().connection?.address : undefined;
    if (on)
      throw new DomainError(
        'marquee_site_on_hub',
        `This calendar is on the hub ${on}, which syncs with the website for every laptop: connect, disconnect or sync the website on the hub (its Settings → Website, or marquee site there). Its state, decisions and log show here.`,
        { hub: on },
      );
  }

  const front = {
    async status(): Promise<SiteStatus> {
      let relayed: ReturnType<typeof relay>;
      try {
        relayed = relay();
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return offline(hub.status().connection?.address ?? '', error.code, error.message);
      }
      if (!relayed) return site.status();
      try {
        return { ...(await relayed.http.siteStatus()), via: relayed.address };
      } catch (error) {
        const known = relayError(error);
        if (!(known instanceof DomainError)) throw known;
        return offline(relayed.address, known.code, known.message);
      }
    },

    async conflicts(): Promise<SiteConflict[]> {
      const relayed = relay();
      return relayed ? asked(() => relayed.http.siteConflicts()) : site.conflicts();
    },

    /** A decision: applied here, or by the hub (whose answer this is then). */
    async resolve(
      id: number,
      keep: ConflictChoice,
    ): Promise<{ status: SiteStatus; conflicts: SiteConflict[] }> {
      const relayed = relay();
      if (relayed) {
        const answer = await asked(() => relayed.http.siteResolve(id, keep));
        return { ...answer, status: { ...answer.status, via: relayed.address } };
      }
      site.resolve(id, keep);
      deps.scheduler.soon();
      return { status: site.status(), conflicts: site.conflicts() };
    },

    async log(limit: number): Promise<PeerLogEntry[]> {
      const relayed = relay();
      return relayed ? asked(() => relayed.http.siteLog(limit)) : site.log(limit);
    },

    test(connection: SiteConnection): Promise<SiteTest> {
      refuseOnHub();
      return site.test(connection);
    },

    connect(connection: SiteConnection): Promise<{ status: SiteStatus; summary: SyncSummary }> {
      refuseOnHub();
      return site.connect(connection);
    },

    sync(options: { dryRun?: boolean; full?: boolean }): Promise<SyncSummary> {
      refuseOnHub();
      return site.sync(options);
    },

    disconnect(): SiteStatus {
      refuseOnHub();
      return site.disconnect();
    },
  };

  /** The hub could not be asked: the website's state is not known here, and why. */
  function offline(address: string, code: string, message: string): SiteStatus {
    return {
      state: 'offline',
      pending: 0,
      conflicts: 0,
      syncing: false,
      lastSync: null,
      problem: { code, message, at: toUtcString(deps.clock.now()) },
      pollSeconds: site.status().pollSeconds,
      via: address,
      connection: null,
    };
  }

  return front;
}
