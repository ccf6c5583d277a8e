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
import { hubDecisionNote } from '../core/peer-log.ts';
import { createPeerServiceCore } from '../core/peer-service-core.ts';
import { listHubConflicts, resolveHubConflict } from './hub-conflicts.ts';
import { needsUser } from './hub-error.ts';
import { createHubHttp, hubAddress, type HubHttp } from './hub-http.ts';
import { hubStateOf, stateOnConnect, watermarksOf } from './hub-pass-state.ts';
import { previewHub } from './hub-preview.ts';
import { candidates } from './hub-push.ts';
import { asDomainError, createHubRunner, type HubServiceDeps } from './hub-run.ts';
import { hubStatus } from './hub-status.ts';

/** What the editor waits for the hub's word on its website: a hub that is away says so soon. */
const RELAY_TIMEOUT_MS = 5000;

/** This calendar on a hub: connecting, passes, conflicts, the hub's stream. */
export type HubService = {
  /** A refused token or another protocol: no pass by itself until the user acts. */
  needsUser(): boolean;
  status(): HubStatus;
  /** Checks the hub and the token, and what a first sync would do. Writes nothing. */
  test(input: HubConnection): Promise<HubTest>;
  /** Connects (the same hub again keeps what both sides know), keeps the token, syncs. */
  connect(input: HubConnection): Promise<{ status: HubStatus; summary: SyncSummary }>;
  /** A new token for the hub this calendar is on, without disconnecting. */
  replaceToken(token: string): Promise<{ status: HubStatus; summary: SyncSummary }>;
  /** One pass now (after the one under way, if any). */
  sync(): Promise<SyncSummary>;
  /** Stops syncing and forgets the token; what both sides know of each other is kept. */
  disconnect(): HubStatus;
  /** The hub's client for its website's state, conflicts and log, while on a hub. */
  relay(): { address: string; http: HubHttp } | undefined;
  conflicts(): HubConflict[];
  resolve(id: number, keep: HubChoice): void;
  /** Listens to the hub's change stream while connected, calling `poked` at each change. */
  listen(signal: AbortSignal, poked: () => void, retryMs?: number): Promise<void>;
  busy: () => boolean;
  connected: () => boolean;
  stop: () => Promise<void>;
  log(limit: number): PeerLogEntry[];
  retrying(at: string): void;
};

const infoOf = (address: string, info: Awaited<ReturnType<HubHttp['info']>>): HubInfo => ({
  address,
  protocol: info.protocol,
  version: info.version,
  user: { name: info.user.name, role: info.user.role },
});

export function createHubService(deps: HubServiceDeps): HubService {
  const { repo, local, changes, settings, secret } = deps;
  const core = createPeerServiceCore(deps, () => repo.hub(), {
    code: 'marquee_hub_not_connected',
    message:
      'The calendar is not connected to a hub: connect it first (Settings → Hub, or marquee hub connect).',
  });
  const { gate, now, peerLog, connected } = core;
  const { contextOf, httpOf, pass } = createHubRunner(deps, core);
  /** Ends the change stream's wait between tries (listen). */
  let wake: (() => void) | undefined;

  async function check(
    input: HubConnection,
  ): Promise<{ http: HubHttp; info: HubInfo; userId: number; calendar: string | undefined }> {
    try {
      const address = hubAddress(input.address, input.insecure);
      const http = createHubHttp({ address, token: input.token });
      const answered = await http.info();
      return {
        http,
        info: infoOf(address, answered),
        userId: answered.user.id,
        calendar: answered.calendar,
      };
    } catch (error) {
      throw asDomainError(error);
    }
  }

  const service = {
    ...core.doors,

    /** A refused token or another protocol: no pass by itself until the user acts. */
    needsUser(): boolean {
      const problem = repo.hub()?.lastProblem;
      return problem ? needsUser((JSON.parse(problem) as { code: string }).code) : false;
    },

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
      const { info, userId, calendar } = await check(input);
      while (gate.busy()) await gate.idle();
      const existing = repo.hub();
      const known = existing && hubStateOf(existing).calendar;
      // Another calendar at the same address (a hub set up again) is another hub: joined anew.
      const sameHub =
        existing?.address === info.address && !(known && calendar && known !== calendar);
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
        anew: !sameHub,
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
      return listHubConflicts({ repo, local }, connected(), contextOf().settings.defaultLanguage);
    },

    resolve(id: number, keep: HubChoice): void {
      const peer = connected();
      const decision = resolveHubConflict({ repo, local }, peer, id, keep, contextOf());
      peerLog.line(peer, 'decided', decision, hubDecisionNote(decision));
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
