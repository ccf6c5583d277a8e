/**
 * `marquee/v1/export` and `marquee/v1/import` (admins: a backup holds drafts, private records
 * and passwords). Export streams its file; import takes the file as the raw request body
 * (app.ts reads it raw, up to IMPORT_LIMIT) and with `dryRun` answers the preview without
 * writing anything.
 */
import { Readable } from 'node:stream';
import { z } from 'zod';
import { wpBoolean } from '#shared/schemas/wp-params.ts';
import { can } from '../auth/capabilities.ts';
import { ApiError } from '../http/api-error.ts';
import { endpoint, streamEndpoint, type RouteSpec } from '../http/routes.ts';
import { requireCaller } from '../resources/posts/access.ts';
import type { Transfer } from './transfer.service.ts';

export const IMPORT_LIMIT_BYTES = 256 * 1024 * 1024;

const FORMATS = ['json'] as const;
const formatSchema = z.enum(FORMATS).default('json');

export function transferRoutes(transfer: Transfer): RouteSpec[] {
  return [
    {
      path: '/export',
      pattern: '/export',
      endpoints: [
        streamEndpoint(
          ['GET'],
          z.object({ format: formatSchema }),
          (_params, context, _req, res) => {
            requireCaller(context, can.manageSettings);
            const file = transfer.backup();
            res.status(200).set({
              'Content-Type': 'application/json; charset=utf-8',
              'Content-Disposition': `attachment; filename="${file.name}"`,
              'Cache-Control': 'no-store',
            });
            Readable.from(file.chunks).pipe(res);
          },
        ),
      ],
    },
    {
      path: '/import',
      pattern: '/import',
      endpoints: [
        endpoint(
          ['POST'],
          z.object({ format: formatSchema, dryRun: wpBoolean.default(false) }),
          ({ dryRun }, context, req) => {
            requireCaller(context, can.manageSettings);
            if (!Buffer.isBuffer(req.body) || req.body.length === 0)
              throw new ApiError(
                'marquee_import_invalid',
                'Send the file as the request body (any Content-Type).',
              );
            const counts = transfer.restore(req.body.toString('utf8'), { dryRun });
            return { status: dryRun ? 200 : 201, body: { dryRun, counts }, cacheable: false };
          },
        ),
      ],
    },
  ];
}
