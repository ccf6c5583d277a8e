/**
 * `marquee/v1/series/{id}`: a series' rule and its occurrences, each with its slot (the start
 * the series gives it), its times and status, and what it has of its own (an exception's
 * edited fields). Occurrences also list as events (`tribe/events/v1/events?post_parent=`).
 */
import { z } from 'zod';
import { ownFields } from '#shared/series/occurrences.ts';
import { wpInteger, wpNonEmptyString } from '#shared/schemas/wp-params.ts';
import { ID, endpoint, type RouteSpec } from '../../../http/routes.ts';
import type { EventsService } from '../../../domain/events/events.service.ts';

export function seriesRoutes(service: EventsService): RouteSpec[] {
  return [
    {
      path: '/series/:id',
      pattern: '/series/(?P<id>\\d+)',
      guards: { id: ID },
      endpoints: [
        endpoint(
          ['GET'],
          z.object({
            id: wpInteger,
            password: wpNonEmptyString.optional().meta({
              description: 'The series’ password, to read it when it is protected.',
            }),
          }),
          (params, context) => {
            const { series, occurrences } = service.series(params.id, context, params.password);
            return {
              body: {
                id: series.id,
                timezone: series.timezone,
                all_day: series.allDay,
                start_date: series.start,
                end_date: series.end,
                recurrence: series.recurrence,
                occurrences: occurrences.map((occurrence) => {
                  const own = ownFields(occurrence, series);
                  return {
                    id: occurrence.id,
                    recurrence_id: occurrence.recurrenceId,
                    start_date: occurrence.start,
                    end_date: occurrence.end,
                    status: occurrence.status,
                    exception: own.length > 0,
                    own,
                  };
                }),
              },
            };
          },
        ),
      ],
    },
  ];
}
