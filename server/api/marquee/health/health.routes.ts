/**
 * `GET marquee/v1/health`: is the server up, which version, the calendar's zone and languages,
 * and how many published records it holds. Public: it says nothing a public list does not.
 */
import { z } from 'zod';
import { LANGUAGES } from '#shared/languages.ts';
import type { Health } from '#shared/schemas/health.ts';
import { endpoint, type RouteSpec } from '../../../http/routes.ts';
import type { createStatsRepo } from '../../../store/stats.repo.ts';

export function healthRoutes(
  stats: ReturnType<typeof createStatsRepo>,
  version: string,
): RouteSpec[] {
  return [
    {
      path: '/health',
      pattern: '/health',
      endpoints: [
        endpoint(['GET'], z.object({}), (_params, context) => ({
          headers: { 'Cache-Control': 'no-store' },
          body: {
            status: 'ok' as const,
            version,
            name: context.settings.name,
            timezone: context.settings.timezone,
            defaultLanguage: context.settings.defaultLanguage,
            currency: context.settings.currency,
            clashHolds: context.settings.clashHolds,
            languages: [...LANGUAGES],
            counts: stats.publishedCounts(),
          } satisfies Health,
        })),
      ],
    },
  ];
}
