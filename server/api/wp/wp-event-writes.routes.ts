/**
 * Writes to `wp/v2/tribe_events` (create, update, trash or delete): core's post body and
 * TEC's registered meta read as a TEC event body, then the same write command, roles and HTML
 * cleaning as `tribe/events/v1`. Updates change only what the body names, so a new title keeps
 * the event's dates, venue and terms; a new `_EventStartDate` recomputes its UTC times there.
 */
import { booksAnyway } from '../../http/asks-clashes.ts';
import { z } from 'zod';
import { eventCreateBodySchema, eventUpdateBodySchema } from '#shared/schemas/event.ts';
import { wpPositiveInteger } from '#shared/schemas/wp-params.ts';
import type { EventsService } from '../../domain/events/events.service.ts';
import { validateParams } from '../../domain/validate.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { EDITABLE, endpoint, type Endpoint } from '../../http/routes.ts';
import type { StoredEvent } from '../../store/events.repo.ts';
import { createSource, updateSource, type TecEventBodies } from '../tec/events/tec-event-body.ts';
import { corePostFields, deleteParams, rawOf, withoutLinks } from './wp-write-body.ts';

/** Core's post fields and the meta keys a write may send, as TEC's body names them. */
const META_FIELDS: Readonly<Record<string, string>> = {
  _EventStartDate: 'start_date',
  _EventEndDate: 'end_date',
  _EventAllDay: 'all_day',
  _EventTimezone: 'timezone',
  _EventCost: 'cost',
  _EventURL: 'website',
  _EventShowMap: 'show_map',
  _EventShowMapLink: 'show_map_link',
  _EventOrganizerID: 'organizer',
};

const wpBody = {
  ...corePostFields,
  tags: z.unknown().optional().meta({ description: 'The ids of the event’s tags.' }),
  tribe_events_cat: z.unknown().optional().meta({
    description: 'The ids of the event’s categories.',
  }),
};

/** The TEC body a wp/v2 body says: only what it names. */
function tecBodyOf(body: z.output<z.ZodObject<typeof wpBody>>): Record<string, unknown> {
  const tec: Record<string, unknown> = {};
  const put = (key: string, value: unknown) => {
    if (value !== undefined) tec[key] = value;
  };
  put('title', rawOf(body.title));
  put('description', rawOf(body.content));
  put('excerpt', rawOf(body.excerpt));
  put('slug', body.slug);
  put('status', body.status);
  put('author', body.author);
  put('tags', body.tags);
  put('categories', body.tribe_events_cat);
  for (const [key, value] of Object.entries(body.meta ?? {})) {
    if (key === '_EventVenueID')
      put('venue', Array.isArray(value) ? (value[0] ?? '') : value || '');
    else if (META_FIELDS[key]) put(META_FIELDS[key], value);
  }
  return tec;
}

type WpEventRender = (event: StoredEvent, context: RequestContext) => unknown;

export function wpEventWrites(
  service: EventsService,
  bodies: TecEventBodies,
  render: WpEventRender,
): { create: Endpoint; single: Endpoint[] } {
  const create = endpoint(
    ['POST'],
    z.object(wpBody),
    (body, context, req) => {
      const tec = validateParams(eventCreateBodySchema, tecBodyOf(body));
      const event = service.create(createSource(bodies, tec, context), context, {
        booking: { anyway: booksAnyway(req) },
      });
      return { status: 201, body: render(event, context) };
    },
    (_req, context) => service.mayCreate(context),
  );
  const mayChange = (req: { params: Record<string, unknown> }, context: RequestContext) =>
    service.mayChange(Number(req.params.id), context);
  const update = endpoint(
    EDITABLE,
    z.object({ id: wpPositiveInteger, ...wpBody }),
    (body, context, req) => {
      const tec = validateParams(eventUpdateBodySchema, tecBodyOf(body));
      const event = service.update(body.id, updateSource(bodies, tec, context), context, {
        booking: { anyway: booksAnyway(req) },
      });
      return { body: render(event, context) };
    },
    mayChange,
  );
  const remove = endpoint(
    ['DELETE'],
    deleteParams,
    (params, context) => {
      const event = service.remove(params.id, params.force, context);
      // Core answers a deletion for good with the post as it was.
      return {
        body: params.force
          ? { deleted: true, previous: withoutLinks(render(event, context)) }
          : render(event, context),
      };
    },
    mayChange,
  );
  return { create, single: [update, remove] };
}
