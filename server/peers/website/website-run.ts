/**
 * A pass with the website, as website.service.ts runs it (one at a time): links a laptop handed
 * over adopted first, then the pass itself (peer-pass.ts) over the site's Remote, a full listing
 * at least every quarter of an hour; its end, or its problem, goes to the log. Also the Remote
 * of a website (tec/), and the context and languages its records are read and written in.
 */
import type { Language } from '#shared/languages.ts';
import type { SyncSummary } from '#shared/schemas/peer.ts';
import type { Principal } from '../../auth/principal.ts';
import { DomainError } from '../../domain/errors.ts';
import {
  lockedSecretError,
  type PeerServiceCore,
  type PeerServiceDepsBase,
} from '../core/peer-service-core.ts';
import { adoptHanded } from './handed-links.ts';
import { emptySummary, type Pass } from '../pass.ts';
import { runPass } from './peer-pass.ts';
import { RemoteError } from './remote-error.ts';
import type { Remote } from './remote.ts';
import type { SiteSecrets } from '../site-secret.ts';
import { createTecHttp } from '../tec/tec-http.ts';
import { createTecRemote } from '../tec/tec-remote.ts';
import { TEC_FIELDS } from '../tec/tec-views.ts';
import { writersOf } from './writers.ts';

/** A full listing of the site at least this often (edits to past events show in no other way). */
const FULL_EVERY_MS = 15 * 60_000;

export type WebsiteServiceDeps = PeerServiceDepsBase & {
  /** A user of the calendar by id: a record's author, whose role says what it may send. */
  user: (id: number) => Principal | undefined;
  secrets: SiteSecrets;
  pollSeconds: number;
  /** Requests at a time to the site (default 4). */
  concurrency?: number | undefined;
};

/** A RemoteError (or a password only the desktop app can read) as the API's error. */
export function asDomainError(error: unknown): unknown {
  if (error instanceof RemoteError)
    return new DomainError(error.code, error.message, { problem: error.problem });
  return lockedSecretError(error, 'marquee_site_password_locked');
}

export function createWebsiteRunner(deps: WebsiteServiceDeps, core: PeerServiceCore) {
  const { repo, local, changes, clock, settings, secrets } = deps;
  const { gate, now, peerLog, connected, contextFor } = core;

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

  return { contextFor, languagesOf, remoteFor, pass };
}
