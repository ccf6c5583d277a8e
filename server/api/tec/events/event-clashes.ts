/**
 * `marquee_clashes`: the events an event double-books its venue with, added to TEC's event
 * answer only when the caller asks (`marquee_clashes=1`) and may write events (a visitor
 * learns nothing of drafts this way). Times are each event's own, local to its zone.
 */
import type { Request } from 'express';
import type { EventsService } from '../../../domain/events/events.service.ts';
import { asksClashes } from '../../../http/asks-clashes.ts';
import type { DomainContext } from '../../../domain/context.ts';
import { clashJson } from '../../../http/clash-json.ts';
import type { StoredEvent } from '../../../store/events.repo.ts';

/** TEC's answer, with the event's clashes when the request asks for them. */
export function withClashes(
  body: object,
  event: StoredEvent,
  service: EventsService,
  context: DomainContext,
  req: Request,
): object {
  if (!asksClashes(req) || !service.mayCreate(context)) return body;
  return { ...body, marquee_clashes: service.clashesOf(event, context).map(clashJson) };
}
