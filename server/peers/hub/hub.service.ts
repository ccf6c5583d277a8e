/**
 * The hub, as the editor, the command line and the background scheduler use it: check a hub and
 * preview the first sync (writing nothing), connect, sync (one pass at a time), say how it goes,
 * list and decide conflicts, read the log, disconnect, and listen to the hub's change stream so
 * that another laptop's change is pulled at once. The token is kept apart (site-secret.ts), never
 * in an answer, a log line or a backup.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type {
  HubChoice,
  HubConflict,
  HubConnection,
  HubInfo,
  HubStatus,
  HubTest,
} from '#shared/schemas/hub.ts';
import type { PeerLogEntry, SyncSummary } from '#shared/schemas/peer.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Clock } from '../../clock.ts';
import type { DomainContext } from '../../domain/context.ts';
import { DomainError } from '../../domain/errors.ts';
import type { SettingsStore } from '../../settings/settings-file.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { PeerRow, PeersRepo } from '../../store/peers.repo.ts';
import type { LocalRecords } from '../local-records.ts';
import { emptySummary } from '../pass.ts';
import type { PassHook } from '../pass-points.ts';
import { SecretLockedError, type SiteSecrets } from '../site-secret.ts';
import { listHubConflicts, resolveHubConflict } from './hub-conflicts.ts';
import { HubError, needsUser } from './hub-error.ts';
import { createHubHttp, hubAddress, type HubHttp } from './hub-http.ts';
import { hubStateOf, stateOnConnect, watermarksOf, type HubPass } from './hub-pass-state.ts';
import { previewHub } from './hub-preview.ts';
import { pullFromHub } from './hub-pull.ts';
import { exchangeCalendar } from './hub-settings.ts';
import { candidates, pushToHub, resendIntents } from './hub-push.ts';
import { hubStatus } from './hub-status.ts';
import { handLinks } from './hub-links.ts';
import { createPeerLog } from '../core/peer-log.ts';
import { createPassGate } from '../core/one-pass.ts';

type Deps = {
  repo: PeersRepo;
  local: LocalRecords;
  changes: ChangeLog;
  clock: Clock;
  settings: SettingsStore;
  owner: () => Principal | undefined;
  secret: SiteSecrets;
  hook?: PassHook | undefined;
  /** This calendar's own website connection ends as it joins a hub (the hub's takes over). */
  handOver?: ((hubAddress: string) => Promise<string | undefined>) | undefined;
};

/** What the editor waits for the hub's word on its website: a hub that is away says so soon. */
const RELAY_TIMEOUT_MS = 5000;

export type HubService = ReturnType<typeof createHubService>;

function asDomainError(error: unknown): unknown {
  if (error instanceof HubError) return new DomainError(error.code, error.message);
  if (error instanceof SecretLockedError)
    return new DomainError('marquee_hub_token_locked', error.message);
  return error;
}

const infoOf = (address: string, info: Awaited<ReturnType<HubHttp['info']>>): HubInfo => ({
  address,
  protocol: info.protocol,
  version: info.version,
  user: { name: info.user.name, role: info.user.role },
});

export function createHubService(deps: Deps) {
  const { repo, local, changes, clock, settings, secret } = deps;
  const gate = createPassGate<SyncSummary>();
  /** Ends the change stream's wait between tries (listen). */
  let wake: (() => void) | undefined;
  const now = () => toUtcString(clock.now());
  const peerLog = createPeerLog(repo, now);

  function connected(): PeerRow {
    const peer = repo.hub();
    if (!peer?.connected)
      throw new DomainError(
        'marquee_hub_not_connected',
        'The calendar is not connected to a hub: connect it first (Settings → Hub, or marquee hub connect).',
      );
    return peer;
  }

  function contextOf(): DomainContext {
    const current = settings.get();
    return {
      actor: deps.owner(),
      language: current.defaultLanguage,
      now: clock.now(),
      settings: current,
    };
  }

  function httpOf(peer: PeerRow, timeoutMs?: number): HubHttp {
    const token = secret.load();
    if (!token)
      throw new DomainError(
        'marquee_hub_not_connected',
        'No token is kept for the hub: connect again.',
      );
    const site = JSON.parse(peer.site) as { insecure?: boolean };
    return createHubHttp({
      address: hubAddress(peer.address, site.insecure === true),
      token,
      timeoutMs,
    });
  }

  async function pass(): Promise<SyncSummary> {
    const peer = connected();
    try {
      const http = httpOf(peer);
      const info = await http.info();
      // First: the records' pass then runs in the calendar's language as the two agreed.
      const calendar = await exchangeCalendar(http, info, settings);
      if (calendar) peerLog.note(peer, calendar, { key: 'calendarSettings', values: {} });
      await handLinks({ repo, local, at: now }, peer, http);
      const state = hubStateOf(peer);
      const run: HubPass = {
        peer,
        http,
        repo,
        local,
        changes,
        context: contextOf(),
        state,
        summary: emptySummary(),
        hook: deps.hook,
        signal: gate.signal,
        unsettled: [],
        now,
        log: (action, kind, uuid, name, note) =>
          peerLog.line(peer, action, { kind, uuid, name }, note),
        saveCheckpoint: (checkpoint) => {
          state.checkpoint = checkpoint;
          repo.setWatermarks(peer.id, watermarksOf(state));
        },
      };
      const upTo = changes.latest();
      // A crash's unanswered mutations first, then the hub's changes (merged with what is
      // unsent here), then what changed here, on the hub's latest versions.
      await resendIntents(run);
      const changed = candidates(run, upTo);
      await pullFromHub(run);
      await pushToHub(run, changed, upTo);
      peerLog.passed(peer, true);
      return run.summary;
    } catch (error) {
      const known = asDomainError(error);
      if (known instanceof DomainError)
        peerLog.failed(peer, true, { code: known.code, message: known.message });
      throw known;
    }
  }

  async function check(
    input: HubConnection,
  ): Promise<{ http: HubHttp; info: HubInfo; userId: number }> {
    try {
      const address = hubAddress(input.address, input.insecure);
      const http = createHubHttp({ address, token: input.token });
      const answered = await http.info();
      return { http, info: infoOf(address, answered), userId: answered.user.id };
    } catch (error) {
      throw asDomainError(error);
    }
  }

  const service = {
    busy: gate.busy,

    connected: () => repo.hub()?.connected === true,

    /** A refused token or another protocol: no pass by itself until the user acts. */
    needsUser(): boolean {
      const problem = repo.hub()?.lastProblem;
      return problem ? needsUser((JSON.parse(problem) as { code: string }).code) : false;
    },

    stop: gate.stop,

    status(): HubStatus {
      return hubStatus({ repo, secret, latest: changes.latest() }, gate.busy());
    },

    /** Checks the hub and the token, and what a first sync would do. Writes nothing. */
    async test(input: HubConnection): Promise<HubTest> {
      const { http, info } = await check(input);
      // The same hub again (a new token) keeps the sync: the changes it has not had go too.
      const existing = repo.hub();
      const waiting = new Set(
        existing?.address === info.address
          ? candidates({ repo, local, peer: existing }, changes.latest()).map(
              (change) => `${change.kind}:${change.uuid}`,
            )
          : [],
      );
      try {
        return { hub: info, preview: await previewHub(http, local, waiting) };
      } catch (error) {
        throw asDomainError(error);
      }
    },

    /** Connects (the same hub again keeps what both sides know), keeps the token, syncs. */
    async connect(input: HubConnection): Promise<{ status: HubStatus; summary: SyncSummary }> {
      const { info, userId } = await check(input);
      while (gate.busy()) await gate.idle();
      const existing = repo.hub();
      const sameHub = existing?.address === info.address;
      const before = existing && (JSON.parse(existing.site) as { userId?: number });
      const id = repo.connect({
        kind: 'hub',
        address: info.address,
        apiRoot: `${info.address}/wp-json/marquee/v1`,
        login: info.user.name,
        language: settings.get().defaultLanguage,
        trustsRaw: true,
        site: JSON.stringify({ version: info.version, insecure: input.insecure, userId }),
        createdUtc: now(),
      });
      const kept = sameHub ? hubStateOf(connected()) : undefined;
      const state = stateOnConnect(kept, before?.userId === userId);
      if (state) repo.setWatermarks(id, watermarksOf(state));
      secret.save(input.token);
      const handed = await deps.handOver?.(info.address);
      peerLog.note(connected(), 'connected', {
        key: 'connectedAs',
        values: { address: info.address, login: info.user.name },
      });
      if (handed)
        peerLog.note(connected(), 'handed', {
          key: 'websiteHanded',
          values: { address: handed },
        });
      wake?.();
      const summary = await service.sync();
      return { status: service.status(), summary };
    },

    /**
     * A new token for the hub this calendar is on, without disconnecting: checked against the
     * hub first (a refused one is not kept and the old stays), then kept as a connect to the
     * same hub keeps it, the sync going on where it was when the token is the same user's.
     */
    async replaceToken(token: string): Promise<{ status: HubStatus; summary: SyncSummary }> {
      const peer = connected();
      const { insecure } = JSON.parse(peer.site) as { insecure?: boolean };
      return service.connect({
        address: peer.address,
        token,
        insecure: insecure === true,
        confirm: true,
      });
    },

    /** One pass now (after the one under way, if any). */
    async sync(): Promise<SyncSummary> {
      return gate.run(pass);
    },

    /** Stops syncing and forgets the token; what both sides know of each other is kept. */
    disconnect(): HubStatus {
      peerLog.disconnect(repo.hub(), () => secret.forget());
      return service.status();
    },

    /**
     * The hub's client for its website's state, conflicts and log (site-front.ts), while this
     * calendar is on a hub; undefined otherwise.
     */
    relay(): { address: string; http: HubHttp } | undefined {
      const peer = repo.hub();
      if (!peer?.connected) return undefined;
      return { address: peer.address, http: httpOf(peer, RELAY_TIMEOUT_MS) };
    },

    conflicts(): HubConflict[] {
      return listHubConflicts({ repo, local }, connected());
    },

    resolve(id: number, keep: HubChoice): void {
      resolveHubConflict({ repo, local }, connected(), id, keep, contextOf());
    },

    log(limit: number): PeerLogEntry[] {
      return peerLog.read(repo.hub(), limit);
    },

    retrying(at: string): void {
      peerLog.retrying(repo.hub(), at);
    },

    /**
     * Listens to the hub's change stream while connected, calling `poked` at each change; gone
     * (the hub down, the network away), tries again after `retryMs`. Ends when `signal` aborts.
     */
    async listen(signal: AbortSignal, poked: () => void, retryMs = 5000): Promise<void> {
      while (!signal.aborted) {
        const peer = repo.hub();
        if (peer?.connected && !service.needsUser()) {
          try {
            await httpOf(peer).listen(signal, poked);
          } catch {
            // The scheduler's passes say what is wrong; the stream only speeds them up.
          }
        }
        // Until the next try, or a connect (which wants the stream at once).
        await Promise.race([
          delay(retryMs, undefined, { signal }).catch(() => undefined),
          new Promise<void>((resolve) => (wake = resolve)),
        ]);
      }
    },
  };
  return service;
}
