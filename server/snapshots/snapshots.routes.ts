/**
 * `marquee/v1/snapshots` (admins): list the snapshots in `<data dir>/backups/`, make one now,
 * and restore one in place (`POST /snapshots/<name>/restore`, after a snapshot of the state it
 * replaces). A name is only ever a snapshot's own (SNAPSHOT_NAME): never a path.
 */
import { z } from 'zod';
import { SNAPSHOT_NAME } from '#shared/schemas/snapshot.ts';
import { can } from '../auth/capabilities.ts';
import type { RequestContext } from '../http/request-context.ts';
import { endpoint, type RouteSpec } from '../http/routes.ts';
import { requireCaller } from '../domain/posts/access.ts';
import type { Snapshots } from './snapshots.service.ts';

const admins = (context: RequestContext) => requireCaller(context, can.manageSettings);

const nameSchema = z.object({
  name: z
    .string()
    .regex(SNAPSHOT_NAME, 'must be a snapshot’s name (marquee-YYYY-MM-DDTHHMMSSZ-<reason>.db)'),
});

export function snapshotRoutes(snapshots: Snapshots): RouteSpec[] {
  return [
    {
      path: '/snapshots',
      pattern: '/snapshots',
      endpoints: [
        endpoint(['GET'], z.object({}), (_params, context) => {
          admins(context);
          return { body: snapshots.list(), cacheable: false };
        }),
        // Copied aside: the other callers (a website build, the editor's sync) go on meanwhile.
        endpoint(['POST'], z.object({}), async (_params, context) => {
          admins(context);
          return { status: 201, body: await snapshots.createAside('manual', context.now) };
        }),
      ],
    },
    {
      path: '/snapshots/:name/restore',
      pattern: '/snapshots/(?P<name>[^/]+)/restore',
      endpoints: [
        endpoint(['POST'], nameSchema, ({ name }, context) => {
          admins(context);
          return { body: snapshots.restore(name, context.now) };
        }),
      ],
    },
  ];
}
