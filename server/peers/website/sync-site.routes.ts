/**
 * `marquee/v1/sync/site` (editors, as the replica protocol): this calendar's website, for the
 * laptops that sync with it as their hub. They show its state, its conflicts and its log as
 * this calendar sees them, and decide its conflicts (applied here, by the same code as the
 * editor's Settings → Website), and hand over their links to it as they join. Connecting and
 * disconnecting the website stay the admins' (`marquee/v1/site`).
 * - GET /sync/site: the state (`via` null: the website is this calendar's own).
 * - GET /sync/site/conflicts; POST /sync/site/conflicts/<id> {keep}: a decision.
 * - GET /sync/site/log?limit=N.
 * - POST /sync/site/links {address, links}: a laptop's links to the website at `address`.
 */
import { z } from 'zod';
import { resolveSchema, siteLinksSchema } from '#shared/schemas/site.ts';
import { logQuerySchema } from '#shared/schemas/peer.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import { can } from '../../auth/capabilities.ts';
import type { Clock } from '../../clock.ts';
import { requireCaller } from '../../domain/posts/access.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { endpoint, ID, type RouteSpec } from '../../http/routes.ts';
import type { PeersRepo } from '../../store/peers.repo.ts';
import type { PeerScheduler } from '../peer-scheduler.ts';
import type { WebsiteService } from './website.service.ts';

const editors = (context: RequestContext) => requireCaller(context, can.editOthers);

export function syncSiteRoutes(deps: {
  site: WebsiteService;
  scheduler: PeerScheduler;
  repo: PeersRepo;
  clock: Clock;
}): RouteSpec[] {
  const { site, scheduler } = deps;
  return [
    {
      path: '/sync/site',
      pattern: '/sync/site',
      endpoints: [
        endpoint(['GET'], z.object({}), (_params, context) => {
          editors(context);
          return { body: site.status(), cacheable: false };
        }),
      ],
    },
    {
      path: '/sync/site/conflicts',
      pattern: '/sync/site/conflicts',
      endpoints: [
        endpoint(['GET'], z.object({}), (_params, context) => {
          editors(context);
          return { body: site.connected() ? site.conflicts() : [], cacheable: false };
        }),
      ],
    },
    {
      path: '/sync/site/conflicts/:id',
      pattern: '/sync/site/conflicts/(?P<id>\\d+)',
      guards: { id: ID },
      endpoints: [
        endpoint(['POST'], resolveSchema, ({ id, keep }, context) => {
          editors(context);
          site.resolve(id, keep);
          scheduler.soon();
          return { body: { status: site.status(), conflicts: site.conflicts() } };
        }),
      ],
    },
    {
      path: '/sync/site/log',
      pattern: '/sync/site/log',
      endpoints: [
        endpoint(['GET'], logQuerySchema, ({ limit }, context) => {
          editors(context);
          return { body: site.log(limit), cacheable: false };
        }),
      ],
    },
    {
      path: '/sync/site/links',
      pattern: '/sync/site/links',
      endpoints: [
        endpoint(['POST'], siteLinksSchema, ({ address, links }, context) => {
          editors(context);
          deps.repo.keepHanded(address, links, toUtcString(deps.clock.now()));
          return { body: { kept: links.length } };
        }),
      ],
    },
  ];
}
