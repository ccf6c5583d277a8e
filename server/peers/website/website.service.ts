/**
 * The venue's website, as the editor, the command line and the background scheduler use it:
 * test a connection and preview the first sync (writing nothing), connect, sync (one pass at a
 * time), say how it goes, list and resolve conflicts, read the log, disconnect. Problems of the
 * site become the API's errors (marquee_site_*), with the message that says what to do.
 */
import type { Language } from '#shared/languages.ts';
import type {
  ConflictChoice,
  SiteConflict,
  SiteConnection,
  SiteTest,
  SiteStatus,
} from '#shared/schemas/site.ts';
import type { PeerLogEntry, SyncSummary } from '#shared/schemas/peer.ts';
import { listConflicts, resolveConflict } from './conflicts.ts';
import { decisionNote } from '../core/peer-log.ts';
import { createPeerServiceCore } from '../core/peer-service-core.ts';
import type { LogNote } from '../log-note.ts';
import { previewFirstSync } from './preview.ts';
import { siteStatus } from './site-status.ts';
import { probeSite, siteInfo, type SiteProbe } from '../tec/tec-probe.ts';
import { TEC_FIELDS } from '../tec/tec-views.ts';
import { asDomainError, createWebsiteRunner, type WebsiteServiceDeps } from './website-run.ts';

/** The venue's website as a peer: testing, connecting, passes, conflicts, the hand-over. */
export type WebsiteService = {
  status(): SiteStatus;
  /** "Test": the login, what it may not do, and the first sync's preview. Writes nothing. */
  test(input: SiteConnection): Promise<SiteTest>;
  /** Connects (after "Test" and the user's confirmation) and runs the first sync. */
  connect(input: SiteConnection): Promise<{ status: SiteStatus; summary: SyncSummary }>;
  /** One pass now (after the one under way, if any). */
  sync(options?: { dryRun?: boolean; full?: boolean }): Promise<SyncSummary>;
  /** Stops syncing and forgets the password; what both sides know of each other is kept. */
  disconnect(why?: LogNote): SiteStatus;
  /** Joining a hub: this connection ends. Answers the website's address, when connected. */
  handOver(hubAddress: string): Promise<string | undefined>;
  conflicts(): SiteConflict[];
  /** The user's decision on a conflict: applied now; what goes to the site, at the next pass. */
  resolve(id: number, keep: ConflictChoice): void;
  busy: () => boolean;
  connected: () => boolean;
  stop: () => Promise<void>;
  log(limit: number): PeerLogEntry[];
  retrying(at: string): void;
};

export function createWebsiteService(deps: WebsiteServiceDeps): WebsiteService {
  const { repo, local, changes, settings, secrets } = deps;
  const core = createPeerServiceCore(deps, () => repo.website(), {
    code: 'marquee_site_not_connected',
    message:
      'The calendar is not connected to a website: connect it first (Settings → Website, or marquee site connect).',
  });
  const { gate, now, peerLog, connected } = core;
  const { contextFor, languagesOf, remoteFor, pass } = createWebsiteRunner(deps, core);

  return {
    ...core.doors,

    status(): SiteStatus {
      return siteStatus(
        { repo, secrets, pollSeconds: deps.pollSeconds, latest: changes.latest() },
        gate.busy(),
      );
    },

    /** "Test": the login, what it may not do, and the first sync's preview. Writes nothing. */
    async test(input: SiteConnection): Promise<SiteTest> {
      try {
        const probe = await probeSite(
          input.address,
          { login: input.login, password: input.password },
          input.insecure,
        );
        const language = input.language ?? settings.get().defaultLanguage;
        const remote = remoteFor(probe.apiRoot, input.login, input.password, probe);
        const preview = await previewFirstSync(remote, local, languagesOf(language));
        return { site: siteInfo(probe), preview };
      } catch (error) {
        throw asDomainError(error);
      }
    },

    /**
     * Connects (after "Test" and the user's confirmation), keeps the password apart, and runs the
     * first sync. The same site connected again keeps what both sides know of each other.
     */
    async connect(input: SiteConnection): Promise<{ status: SiteStatus; summary: SyncSummary }> {
      let probe: SiteProbe;
      try {
        probe = await probeSite(
          input.address,
          { login: input.login, password: input.password },
          input.insecure,
        );
      } catch (error) {
        throw asDomainError(error);
      }
      while (gate.busy()) await gate.idle();
      const existing = repo.website();
      const language =
        input.language ??
        (existing?.address === probe.address ? (existing.language as Language) : undefined) ??
        settings.get().defaultLanguage;
      repo.connect({
        kind: 'website',
        address: probe.address,
        apiRoot: probe.apiRoot,
        login: input.login,
        language,
        trustsRaw: probe.trustsRaw,
        site: JSON.stringify({ ...siteInfo(probe), trustsRaw: probe.trustsRaw }),
        createdUtc: now(),
      });
      secrets.save(input.password);
      const peer = connected();
      peerLog.note(
        peer,
        'connected',
        { key: 'connectedAs', values: { address: probe.address, login: input.login } },
        probe.name,
      );
      const summary = await this.sync({ full: true });
      return { status: this.status(), summary };
    },

    /** One pass now (after the one under way, if any). */
    async sync(options: { dryRun?: boolean; full?: boolean } = {}): Promise<SyncSummary> {
      return gate.run(() => pass({ dryRun: options.dryRun ?? false, full: options.full }));
    },

    /** Stops syncing and forgets the password; what both sides know of each other is kept. */
    disconnect(why?: LogNote): SiteStatus {
      peerLog.disconnect(repo.website(), () => secrets.forget(), why);
      return this.status();
    },

    /** Joining a hub, which syncs with the website for every laptop: this connection ends
     * (the log says why). Answers the website's address, when it was connected. */
    async handOver(hubAddress: string): Promise<string | undefined> {
      const peer = repo.website();
      if (!peer?.connected) return undefined;
      while (gate.busy()) await gate.idle();
      this.disconnect({ key: 'handedToHub', values: { address: hubAddress } });
      return peer.address;
    },

    conflicts(): SiteConflict[] {
      const peer = connected();
      return listConflicts(
        { repo, local, fields: TEC_FIELDS },
        peer,
        languagesOf(peer.language as Language),
      );
    },

    /** The user's decision on a conflict: applied now; what goes to the site, at the next pass. */
    resolve(id: number, keep: ConflictChoice): void {
      const peer = connected();
      const language = peer.language as Language;
      const decision = resolveConflict(
        { repo, local, fields: TEC_FIELDS },
        peer,
        id,
        keep,
        contextFor(language),
        languagesOf(language),
      );
      peerLog.line(peer, 'decided', decision, decisionNote(decision));
    },
  };
}
