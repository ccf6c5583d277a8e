/**
 * `marquee/v1/site` (admins): the venue's website; while the calendar is on a hub, the hub's,
 * relayed (site-front.ts): reads and decisions go to the hub, connecting is refused.
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
import { resolveSchema, siteConnectionSchema, syncRequestSchema } from '#shared/schemas/site.ts';
import { logQuerySchema } from '#shared/schemas/peer.ts';
import { can } from '../../auth/capabilities.ts';
import { requireCaller } from '../../domain/posts/access.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { endpoint, ID, type RouteSpec } from '../../http/routes.ts';
import type { SiteFront } from './site-front.ts';

const admins = (context: RequestContext) => requireCaller(context, can.manageSettings);

export function siteRoutes(site: SiteFront, scheduler: { soon(): void }): RouteSpec[] {
  return [
    {
      path: '/site',
      pattern: '/site',
      endpoints: [
        endpoint(['GET'], z.object({}), async (_params, context) => {
          admins(context);
          return { body: await site.status(), cacheable: false };
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
          return { body: { summary, status: await site.status() } };
        }),
      ],
    },
    {
      path: '/site/conflicts',
      pattern: '/site/conflicts',
      endpoints: [
        endpoint(['GET'], z.object({}), async (_params, context) => {
          admins(context);
          return { body: await site.conflicts(), cacheable: false };
        }),
      ],
    },
    {
      path: '/site/conflicts/:id',
      pattern: '/site/conflicts/(?P<id>\\d+)',
      guards: { id: ID },
      endpoints: [
        endpoint(['POST'], resolveSchema, async ({ id, keep }, context) => {
          admins(context);
          return { body: await site.resolve(id, keep) };
        }),
      ],
    },
    {
      path: '/site/log',
      pattern: '/site/log',
      endpoints: [
        endpoint(['GET'], logQuerySchema, async ({ limit }, context) => {
          admins(context);
          return { body: await site.log(limit), cacheable: false };
        }),
      ],
    },
  ];
}
