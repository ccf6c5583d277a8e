/**
 * `marquee/v1` double bookings: a venue's busy times in a range (`venues/:id/busy`), and every
 * clash of a range (`clashes`), one list. For writers only: busy times name drafts. Dates are
 * read as TEC's date parameters are, in the calendar's zone; the range is from now for a year
 * unless given, and answers give each event's own local times and its blocked UTC range.
 */
import { z } from 'zod';
import { wpPositiveInteger } from '#shared/schemas/wp-params.ts';
import { parseDateInput, toUtcString } from '#shared/time/datetime.ts';
import { can } from '../../../auth/capabilities.ts';
import type { BookingsService } from '../../../domain/bookings/bookings.service.ts';
import type { DomainContext } from '../../../domain/context.ts';
import { invalidParams } from '../../../domain/errors.ts';
import { requireCaller } from '../../../domain/posts/access.ts';
import { endpoint, ID, type RouteSpec } from '../../../http/routes.ts';
import { clashJson } from '../../../http/clash-json.ts';

const YEAR_MS = 366 * 86_400_000;

const range = {
  start: z.string().optional().meta({
    description: 'From when (a date or date and time in the calendar’s zone); now by default.',
  }),
  end: z
    .string()
    .optional()
    .meta({ description: 'Until when (excluded); a year after the start by default.' }),
};

/** The range asked for, in UTC (`YYYY-MM-DD HH:MM:SS`); 400 for a date that cannot be read. */
function utcRange(
  params: { start?: string; end?: string },
  context: DomainContext,
): { start: string; end: string } {
  const { timezone } = context.settings;
  const read = (name: 'start' | 'end', fallback: Date) => {
    const text = params[name];
    if (text === undefined) return fallback;
    const parsed = parseDateInput(text, timezone, context.now);
    if (!parsed) throw invalidParams({ [name]: `${name}: "${text}" is not a date` });
    return parsed.toJSDate();
  };
  const start = read('start', context.now);
  const end = read('end', new Date(start.getTime() + YEAR_MS));
  if (end <= start) throw invalidParams({ end: 'end: must be after start' });
  return { start: toUtcString(start), end: toUtcString(end) };
}

export function bookingRoutes(bookings: BookingsService): RouteSpec[] {
  return [
    {
      path: '/venues/:id/busy',
      pattern: '/venues/(?P<id>\\d+)/busy',
      guards: { id: ID },
      endpoints: [
        endpoint(['GET'], z.object({ id: wpPositiveInteger, ...range }), (params, context) => {
          requireCaller(context, can.createPosts);
          const { start, end } = utcRange(params, context);
          return {
            headers: { 'Cache-Control': 'no-store' },
            body: {
              venue: params.id,
              start,
              end,
              busy: bookings.busy(params.id, start, end, context).map((busy) => ({
                from: busy.from,
                to: busy.to,
                event: clashJson(busy.event),
              })),
            },
          };
        }),
      ],
    },
    {
      path: '/clashes',
      pattern: '/clashes',
      endpoints: [
        endpoint(
          ['GET'],
          z.object({
            venue: wpPositiveInteger
              .optional()
              .meta({ description: 'One venue’s clashes; every venue’s by default.' }),
            ...range,
          }),
          (params, context) => {
            requireCaller(context, can.createPosts);
            const { start, end } = utcRange(params, context);
            const clashes = bookings.clashes({ venue: params.venue, start, end }, context);
            return {
              headers: { 'Cache-Control': 'no-store' },
              body: {
                start,
                end,
                clashes: clashes.map((clash) => ({
                  venue: clash.venueId,
                  events: clash.events.map(clashJson),
                })),
              },
            };
          },
        ),
      ],
    },
  ];
}
