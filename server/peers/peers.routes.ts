/**
 * `marquee/v1/site` (admins): the venue's website.
 * - GET /site: the state (up to date, sending N, offline, needs a decision, cannot log in), the
 *   connection (never the password), the last problem.
 * - PUT /site {address, login, password, language?, confirm?}: without `confirm`, tests the
 *   login and answers the first sync's preview, writing nothing anywhere; with it, connects and
 *   runs the first sync. DELETE /site disconnects (the password is forgotten).
 * - POST /site/sync {dryRun?}: one sync now, its summary.
 * - GET /site/conflicts; POST /site/conflicts/<id> {keep}: the user's decision.
 * - GET /site/log?limit=N: what was sent, received, merged, refused, and why.
 */
import { z } from 'zod';
import {
  logQuerySchema,
  resolveSchema,
  siteConnectionSchema,
  syncRequestSchema,
} from '#shared/schemas/site.ts';
import { can } from '../auth/capabilities.ts';
import { requireCaller } from '../domain/posts/access.ts';
import type { RequestContext } from '../http/request-context.ts';
import { endpoint, ID, type RouteSpec } from '../http/routes.ts';
import type { PeerScheduler } from './peer-scheduler.ts';
import type { PeerService } from './peers.service.ts';

const admins = (context: RequestContext) => requireCaller(context, can.manageSettings);

export function siteRoutes(site: PeerService, scheduler: PeerScheduler): RouteSpec[] {
  return [
    {
      path: '/site',
      pattern: '/site',
      endpoints: [
        endpoint(['GET'], z.object({}), (_params, context) => {
          admins(context);
          return { body: site.status(), cacheable: false };
        }),
        endpoint(['PUT', 'POST'], siteConnectionSchema, async (connection, context) => {
          admins(context);
          if (!connection.confirm) return { body: await site.test(connection) };
          const connected = await site.connect(connection);
          scheduler.soon();
          return { body: connected };
        }),
        endpoint(['DELETE'], z.object({}), (_params, context) => {
          admins(context);
          return { body: site.disconnect() };
        }),
      ],
    },
    {
      path: '/site/sync',
      pattern: '/site/sync',
      endpoints: [
        endpoint(['POST'], syncRequestSchema, async ({ dryRun }, context) => {
          admins(context);
          const summary = await site.sync({ dryRun, full: true });
          return { body: { summary, status: site.status() } };
        }),
      ],
    },
    {
      path: '/site/conflicts',
      pattern: '/site/conflicts',
      endpoints: [
        endpoint(['GET'], z.object({}), (_params, context) => {
          admins(context);
          return { body: site.conflicts(), cacheable: false };
        }),
      ],
    },
    {
      path: '/site/conflicts/:id',
      pattern: '/site/conflicts/(?P<id>\\d+)',
      guards: { id: ID },
      endpoints: [
        endpoint(['POST'], resolveSchema, ({ id, keep }, context) => {
          admins(context);
          site.resolve(id, keep);
          scheduler.soon();
          return { body: { status: site.status(), conflicts: site.conflicts() } };
        }),
      ],
    },
    {
      path: '/site/log',
      pattern: '/site/log',
      endpoints: [
        endpoint(['GET'], logQuerySchema, ({ limit }, context) => {
          admins(context);
          return { body: site.log(limit), cacheable: false };
        }),
      ],
    },
  ];
}
