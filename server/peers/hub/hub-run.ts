/**
 * A pass with the hub, as hub.service.ts runs it (one at a time): the calendar's own settings
 * first, this laptop's links to the website handed over, then the mutations a crash left
 * unanswered, the hub's changes pulled and merged, and what changed here pushed. Its end, or
 * its problem, goes to the log. Also the hub's client for the connected hub (the token kept
 * apart, never in an answer).
 */
import type { SyncSummary } from '#shared/schemas/peer.ts';
import { DomainError } from '../../domain/errors.ts';
import type { PeerRow } from '../../store/peers.repo.ts';
import {
  lockedSecretError,
  type PeerServiceCore,
  type PeerServiceDepsBase,
} from '../core/peer-service-core.ts';
import { emptySummary } from '../pass.ts';
import type { SiteSecrets } from '../site-secret.ts';
import { HubError, otherCalendar } from './hub-error.ts';
import { createHubHttp, hubAddress, type HubHttp } from './hub-http.ts';
import { handLinks } from './hub-links.ts';
import { hubStateOf, watermarksOf, type HubPass } from './hub-pass-state.ts';
import { pullFromHub } from './hub-pull.ts';
import { candidates, pushToHub, resendIntents } from './hub-push.ts';
import { exchangeCalendar } from './hub-settings.ts';

export type HubServiceDeps = PeerServiceDepsBase & {
  secret: SiteSecrets;
  /** This calendar's own website connection ends as it joins a hub (the hub's takes over). */
  handOver?: ((hubAddress: string) => Promise<string | undefined>) | undefined;
};

/** The hub's refusal, or a token only the desktop app can read, as the API's error. */
export function asDomainError(error: unknown): unknown {
  if (error instanceof HubError) return new DomainError(error.code, error.message);
  return lockedSecretError(error, 'marquee_hub_token_locked');
}

export function createHubRunner(deps: HubServiceDeps, core: PeerServiceCore) {
  const { repo, local, changes, settings, secret } = deps;
  const { gate, now, peerLog, connected } = core;

  const contextOf = () => core.contextFor(settings.get().defaultLanguage);

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
      const state = hubStateOf(peer);
      // Before anything is exchanged: the settings and links below would go to another calendar.
      if (state.calendar && info.calendar && info.calendar !== state.calendar)
        throw otherCalendar(new URL(peer.address).host);
      // First: the records' pass then runs in the calendar's language as the two agreed.
      const calendar = await exchangeCalendar(http, info, settings);
      if (calendar) peerLog.note(peer, calendar, { key: 'calendarSettings', values: {} });
      await handLinks({ repo, local, at: now }, peer, http);
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

  return { contextOf, httpOf, pass };
}
