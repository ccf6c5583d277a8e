/**
 * `marquee/v1/hub` (admins): another Marquee server as this calendar's hub.
 * - GET /hub: the state, the connection (never the token), the last problem.
 * - PUT /hub {address, token, insecure?, confirm?}: without `confirm`, checks the hub, the token
 *   and the protocol, and answers what a first sync would do, writing nothing; with it, connects
 *   and runs the first sync. DELETE /hub disconnects (the token is forgotten).
 * - PUT /hub/token {token}: another token for the hub it is on, checked there before it is kept;
 *   then a sync, as a connect.
 * - POST /hub/sync: one sync now, its summary.
 * - GET /hub/conflicts; POST /hub/conflicts/<id> {keep}: the user's decision.
 * - GET /hub/log?limit=N: what was sent, received, merged, refused, and why.
 */
import { z } from 'zod';
import { hubConnectionSchema, hubResolveSchema, hubTokenSchema } from '#shared/schemas/hub.ts';
import { logQuerySchema } from '#shared/schemas/peer.ts';
import { can } from '../../auth/capabilities.ts';
import { requireCaller } from '../../domain/posts/access.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { endpoint, ID, type RouteSpec } from '../../http/routes.ts';
import type { HubService } from './hub.service.ts';
import type { HubSync } from './hub-sync.ts';

const admins = (context: RequestContext) => requireCaller(context, can.manageSettings);

export function hubRoutes(hub: HubService, sync: HubSync): RouteSpec[] {
  return [
    {
      path: '/hub',
      pattern: '/hub',
      endpoints: [
        endpoint(['GET'], z.object({}), (_params, context) => {
          admins(context);
          return { body: hub.status(), cacheable: false };
        }),
        endpoint(['PUT', 'POST'], hubConnectionSchema, async (connection, context) => {
          admins(context);
          if (!connection.confirm) return { body: await hub.test(connection) };
          const connected = await hub.connect(connection);
          sync.soon();
          return { body: connected };
        }),
        endpoint(['DELETE'], z.object({}), (_params, context) => {
          admins(context);
          return { body: hub.disconnect() };
        }),
      ],
    },
    {
      path: '/hub/token',
      pattern: '/hub/token',
      endpoints: [
        endpoint(['PUT', 'POST'], hubTokenSchema, async ({ token }, context) => {
          admins(context);
          const replaced = await hub.replaceToken(token);
          sync.soon();
          return { body: replaced };
        }),
      ],
    },
    {
      path: '/hub/sync',
      pattern: '/hub/sync',
      endpoints: [
        endpoint(['POST'], z.object({}), async (_params, context) => {
          admins(context);
          const summary = await hub.sync();
          return { body: { summary, status: hub.status() } };
        }),
      ],
    },
    {
      path: '/hub/conflicts',
      pattern: '/hub/conflicts',
      endpoints: [
        endpoint(['GET'], z.object({}), (_params, context) => {
          admins(context);
          return { body: hub.conflicts(), cacheable: false };
        }),
      ],
    },
    {
      path: '/hub/conflicts/:id',
      pattern: '/hub/conflicts/(?P<id>\\d+)',
      guards: { id: ID },
      endpoints: [
        endpoint(['POST'], hubResolveSchema, ({ id, keep }, context) => {
          admins(context);
          hub.resolve(id, keep);
          sync.soon();
          return { body: { status: hub.status(), conflicts: hub.conflicts() } };
        }),
      ],
    },
    {
      path: '/hub/log',
      pattern: '/hub/log',
      endpoints: [
        endpoint(['GET'], logQuerySchema, ({ limit }, context) => {
          admins(context);
          return { body: hub.log(limit), cacheable: false };
        }),
      ],
    },
  ];
}
