/**
 * createApp(deps): the Express application — security guards, the REST API under every root
 * form, the built editor at `/`, and the one error path. It never listens; whoever hosts it
 * (serve, the desktop shell, tests) does.
 */
import { calendarDay } from '#shared/time/calendar-day.ts';
import type { SeriesHorizon } from './domain/events/series-horizon.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { openWireCache } from './store/wire-cache.ts';
import express, { Router, type Express } from 'express';
import { acceptedEncoding, apiBodyParsers } from './http/body-parsers.ts';
import { createResponseCache, type ResponseCache } from './http/response-cache.ts';
import type { Clock } from './clock.ts';
import { corsPolicy } from './http/cors.ts';
import { discoveryLink } from './http/discovery-link.ts';
import { errorHandler, notFound } from './http/error-handler.ts';
import { hostGuard } from './http/host-guard.ts';
import { methodOverride } from './http/method-override.ts';
import { queryOnce } from './http/query-once.ts';
import { contextOf, identifyCaller, requestContext, tokenCaller } from './http/request-context.ts';
import { normalizeRestRoot } from './http/rest-root.ts';
import { mountRoutes } from './http/routes.ts';
import { staticApp } from './http/static-app.ts';
import { updatesFolder } from './http/updates-folder.ts';
import type { UpdateWork } from '#shared/updates/update-policy.ts';
import { updateWork } from './peers/update-work.ts';
import type { Logger } from './logger.ts';
import type { PublishScheduler } from './domain/posts/publish-scheduler.ts';
import type { DailySnapshots } from './snapshots/daily-snapshots.ts';
import type { PeerScheduler } from './peers/peer-scheduler.ts';
import type { HubSync } from './peers/hub/hub-sync.ts';
import type { SecretBox } from './peers/site-secret.ts';
import type { PassHook } from './peers/pass-points.ts';
import { siteIndex } from './http/discovery/describe.ts';
import { createServices, MARQUEE_NAMESPACE } from './services.ts';
import { IMPORT_LIMIT_BYTES, IMPORTS_AT_ONCE, importRefusal } from './transfer/transfer.routes.ts';
import { clearUploads, fileUpload } from './http/file-upload.ts';
import { createSignInAttempts } from './sign-in/sign-in-attempts.ts';
import type { SettingsStore } from './settings/settings-file.ts';
import type { Store } from './store/open-store.ts';
import { whenWritable } from './store/write-aside.ts';
import { caldavRouter } from './api/caldav/caldav.routes.ts';

type AppDeps = {
  store: Store;
  settings: SettingsStore;
  clock: Clock;
  logger: Logger;
  version: string;
  /** Built renderer to serve at `/`; without it `/` explains how to build. */
  staticDir?: string | undefined;
  /** Accepted as the owner's token for this run (--admin-token / MARQUEE_ADMIN_TOKEN). */
  adminToken?: string | undefined;
  /** The secret that opens the owner's password-less session (sign-in/owner-key.ts). */
  ownerKey?: string | undefined;
  /** How the desktop shell encrypts the website's password (services.ts). */
  secretBox?: SecretBox | undefined;
  sitePollSeconds?: number | undefined;
  siteHook?: PassHook | undefined;
  hubPollSeconds?: number | undefined;
  hubHook?: PassHook | undefined;
  /** Installers and their update feed, served at /updates/ (none: the data directory's). */
  updatesDir?: string | undefined;
};

/** The data directory's folder for files being received (http/file-upload.ts). */
const UPLOADS_FOLDER = 'uploads';
/** The data directory's folder a hub serves its laptops' updates from (http/updates-folder.ts). */
const UPDATES_FOLDER = 'updates';

/** The Express app, plus `serveCached`: the response cache's fast path, for the HTTP handler. */
export type MarqueeApp = Express & {
  serveCached: ResponseCache['serve'];
  closeStreams(): void;
  /** Scheduled publication: the host starts and stops it (see start-server.ts). */
  publishing: PublishScheduler;
  /** The series' rolling horizon: the host starts and stops it, as publishing. */
  seriesHorizon: SeriesHorizon;
  /** The daily snapshot: the host starts and stops it, as publishing. */
  dailySnapshots: DailySnapshots;
  /** The website sync's own schedule: the host starts and stops it, as publishing. */
  siteSync: PeerScheduler;
  /** The hub sync's schedule and change stream: the host starts and stops it, as publishing. */
  hubSync: HubSync;
  /** What the desktop app's update policy asks before it installs (peers/update-work.ts). */
  updateWork(): UpdateWork;
  /**
   * Every event's JSON of a large calendar kept on disk (api/tec/events/resident-fragments.ts):
   * the host starts it (`from`: events from which it is worth it; tests lower it) and stops it.
   */
  residentJson: {
    start(from?: number): void;
    stop(): void;
    settled(): Promise<void>;
    /** A request came: the JSON is made ahead only after a quiet moment. */
    requestCame(): void;
  };
};

/** What prepared answers depend on: the data, the settings and the calendar's day. */
function generationOf(deps: AppDeps, changes: { latest(): number }): () => string {
  return () => {
    const day = calendarDay(deps.settings.get().timezone, deps.clock.now());
    return `${changes.latest()}|${deps.settings.version()}|${day}`;
  };
}

export function createApp(deps: AppDeps): MarqueeApp {
  const services = createServices(deps);
  const attempts = createSignInAttempts(() => deps.clock.now().getTime());
  const cache = createResponseCache(
    generationOf(deps, services.changes),
    tokenCaller({ tokens: services.tokens, attempts }),
    () => deps.clock.now().getTime(),
  );
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');

  app.use(hostGuard(() => deps.settings.get().allowedHosts));
  // Phones' CalDAV door, beside the API: the same callers, records and write command. Before
  // CORS, which answers every OPTIONS itself: CalDAV's OPTIONS says what the server does.
  app.use(
    caldavRouter({
      ...services.caldav,
      tokens: services.tokens,
      sessions: services.sessions,
      attempts,
      settings: deps.settings,
      clock: deps.clock,
    }),
  );

  app.use(discoveryLink);
  app.use(corsPolicy(() => deps.settings.get().allowedOrigins));
  app.use(normalizeRestRoot);
  // After the root is normalised, so `?rest_route=…&_method=DELETE` counts too.
  app.use(methodOverride);

  const api = Router();
  api.use(queryOnce);
  api.use(acceptedEncoding);
  // Who is calling is known before any body is read, so a refusal costs no reading.
  api.use(identifyCaller({ tokens: services.tokens, sessions: services.sessions, attempts }));
  // Files to import come as they are (a backup, a .ics, a .csv), far larger than API bodies:
  // streamed to the data directory, from callers who may import.
  const uploads = join(deps.store.dataDir, UPLOADS_FOLDER);
  clearUploads(uploads);
  api.use(
    `/${MARQUEE_NAMESPACE}/import`,
    fileUpload({
      folder: uploads,
      limit: IMPORT_LIMIT_BYTES,
      atOnce: IMPORTS_AT_ONCE,
      refusal: importRefusal,
    }),
  );
  api.use(apiBodyParsers());
  api.use(requestContext({ settings: deps.settings, clock: deps.clock }));
  api.get('/', (req, res) => {
    res.json(siteIndex(services.namespaces, contextOf(res)));
  });
  for (const namespace of services.namespaces) {
    const router = Router();
    router.use((_req, res, next) => {
      contextOf(res).namespace = namespace.name;
      next();
    });
    mountRoutes(router, namespace.routes, {
      cache,
      // TEC's answers are made from the records, the settings and the caller alone; the other
      // namespaces' hold tokens, sessions and peers, which move no generation.
      byToken: namespace.tec === true,
      durable: () => deps.store.db.durable(),
      whenWritable: (work) => whenWritable(deps.store.db, work),
    });
    api.use(`/${namespace.name}`, router);
  }
  api.use(notFound);
  app.use('/wp-json', api);

  app.use('/updates', updatesFolder(deps.updatesDir ?? join(deps.store.dataDir, UPDATES_FOLDER)));
  app.use(staticApp(deps.staticDir));
  app.use(notFound);
  app.use(errorHandler(deps.logger));
  return Object.assign(app, {
    serveCached: (req: IncomingMessage, res: ServerResponse) => cache.serve(req, res),
    closeStreams: services.closeStreams,
    residentJson: {
      start: (from?: number) =>
        services.residentJson.start({ open: () => openWireCache(deps.store.dataDir), from }),
      stop: services.residentJson.stop,
      settled: services.residentJson.settled,
      requestCame: services.residentJson.requestCame,
    },
    publishing: services.publishing,
    seriesHorizon: services.seriesHorizon,
    dailySnapshots: services.dailySnapshots,
    siteSync: services.siteSync,
    hubSync: services.hubSync,
    updateWork: () =>
      updateWork({ settings: deps.settings, site: services.site, hub: services.hub }),
  });
}
