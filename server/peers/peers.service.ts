/**
 * The venue's website, as the editor, the command line and the background scheduler use it:
 * test a connection and preview the first sync (writing nothing), connect, sync (one pass at a
 * time), say how it goes, list and resolve conflicts, read the log, disconnect. Problems of the
 * site become the API's errors (marquee_site_*), with the message that says what to do.
 */
import type { Principal } from '../auth/principal.ts';
import type { Clock } from '../clock.ts';
import type { DomainContext } from '../domain/context.ts';
import { DomainError } from '../domain/errors.ts';
import type { SettingsStore } from '../settings/settings-file.ts';
import type { ChangeLog } from '../store/change-log.repo.ts';
import type { PeerRow, PeersRepo } from '../store/peers.repo.ts';
import { toUtcString } from '#shared/time/datetime.ts';
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
import type { LocalRecords } from './local-records.ts';
import { emptySummary, type Pass } from './pass.ts';
import { runPass } from './peer-pass.ts';
import { previewFirstSync } from './preview.ts';
import { RemoteError } from './remote-error.ts';
import type { Remote } from './remote.ts';
import { SecretLockedError, type SiteSecrets } from './site-secret.ts';
import { createTecHttp } from './tec/tec-http.ts';
import { probeSite, siteInfo, type SiteProbe } from './tec/tec-probe.ts';
import { createTecRemote } from './tec/tec-remote.ts';
import type { LogNote } from './log-note.ts';
import { createPeerLog, decisionNote } from './core/peer-log.ts';
import { createPassGate } from './core/one-pass.ts';
import { siteStatus } from './site-status.ts';
import { adoptHanded } from './handed-links.ts';
import { writersOf } from './writers.ts';
import type { PassHook } from './pass-points.ts';
import { TEC_FIELDS } from './tec/tec-views.ts';

/** A full listing of the site at least this often (edits to past events show in no other way). */
const FULL_EVERY_MS = 15 * 60_000;

type PeerServiceDeps = {
  repo: PeersRepo;
  local: LocalRecords;
  changes: ChangeLog;
  clock: Clock;
  settings: SettingsStore;
  owner: () => Principal | undefined;
  /** A user of the calendar by id: a record's author, whose role says what it may send. */
  user: (id: number) => Principal | undefined;
  secrets: SiteSecrets;
  pollSeconds: number;
  /** A test's hook at a pass's named points (pass-points.ts). */
  hook?: PassHook | undefined;
  /** Requests at a time to the site (default 4). */
  concurrency?: number | undefined;
};

export type PeerService = ReturnType<typeof createPeerService>;

/** A RemoteError (or a password only the desktop app can read) as the API's error. */
function asDomainError(error: unknown): unknown {
  if (error instanceof RemoteError)
    return new DomainError(error.code, error.message, { problem: error.problem });
  if (error instanceof SecretLockedError)
    return new DomainError('marquee_site_password_locked', error.message);
  return error;
}

export function createPeerService(deps: PeerServiceDeps) {
  const { repo, local, changes, clock, settings, secrets } = deps;
  const gate = createPassGate<SyncSummary>();
  const now = () => toUtcString(clock.now());
  const peerLog = createPeerLog(repo, now);

  function connected(): PeerRow {
    const peer = repo.website();
    if (!peer?.connected)
      throw new DomainError(
        'marquee_site_not_connected',
        'The calendar is not connected to a website: connect it first (Settings → Website, or marquee site connect).',
      );
    return peer;
  }

  function contextFor(language: Language): DomainContext {
    return { actor: deps.owner(), language, now: clock.now(), settings: settings.get() };
  }

  function languagesOf(language: Language) {
    return { language, defaultLanguage: settings.get().defaultLanguage };
  }

  function remoteFor(
    apiRoot: string,
    login: string,
    password: string,
    site: { trustsRaw: boolean; insecure: boolean },
  ): Remote {
    const { trustsRaw, insecure } = site;
    const http = createTecHttp({
      root: apiRoot,
      login: { login, password },
      insecure,
      concurrency: deps.concurrency,
    });
    return createTecRemote(http, { trustsRaw });
  }

  async function pass(options: {
    dryRun: boolean;
    full?: boolean | undefined;
  }): Promise<SyncSummary> {
    const peer = connected();
    const password = secrets.load();
    if (!password)
      throw new DomainError(
        'marquee_site_not_connected',
        'No password is kept for the website: connect again.',
      );
    const site = JSON.parse(peer.site) as { trustsRaw?: boolean; insecure?: boolean };
    const lastFull = peer.lastFullUtc ? Date.parse(`${peer.lastFullUtc.replace(' ', 'T')}Z`) : 0;
    const full = options.full ?? clock.now().getTime() - lastFull >= FULL_EVERY_MS;
    const context = contextFor(peer.language as Language);
    if (!options.dryRun) {
      const languages = languagesOf(peer.language as Language);
      const fold = { local, context, languages, fields: TEC_FIELDS };
      adoptHanded({ repo, local, at: now(), fold }, peer);
    }
    const run: Pass = {
      peer,
      remote: remoteFor(peer.apiRoot, peer.login, password, {
        trustsRaw: site.trustsRaw ?? peer.trustsRaw,
        insecure: site.insecure === true,
      }),
      repo,
      local,
      context,
      languages: languagesOf(peer.language as Language),
      clock,
      dryRun: options.dryRun,
      full: full || !peer.lastFullUtc,
      first: !peer.lastFullUtc,
      summary: emptySummary(),
      signal: gate.signal,
      once: new Map(),
      hook: deps.hook,
      writerOf: writersOf(deps.user),
      ensure: {
        pushed: () => Promise.resolve(null),
        pulled: () => Promise.resolve(null),
      },
    };
    try {
      const summary = await runPass(run, changes.latest());
      if (!options.dryRun) peerLog.passed(peer, run.full);
      return summary;
    } catch (error) {
      const known = asDomainError(error);
      if (!options.dryRun && known instanceof DomainError)
        peerLog.failed(peer, run.full, { code: known.code, message: known.message });
      throw known;
    }
  }

  return {
    /** Whether a sync is under way. */
    busy: gate.busy,

    /** Whether the calendar is connected to a website. */
    connected: () => repo.website()?.connected === true,

    /** Ends the pass under way at its next record (the server is stopping); settles then. */
    stop: gate.stop,

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
        kind: 'tec',
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

    log(limit: number): PeerLogEntry[] {
      return peerLog.read(repo.website(), limit);
    },

    retrying(at: string): void {
      peerLog.retrying(repo.website(), at);
    },
  };
}
