/** `/venues` of the TEC namespace: the linked-post routes with the venue's schemas and shape. */
import {
  venueCreateBodySchema,
  venueUpdateBodySchema,
  type VenueDetails,
  type VenueUpdateBody,
} from '#shared/schemas/venue.ts';
import type { RouteSpec } from '../../../http/routes.ts';
import { linkedPostRoutes } from '../linked-posts/linked-posts.routes.ts';
import type { TecLinkedPostBodies } from '../linked-posts/tec-linked-post-body.ts';
import { toTecVenue } from './venues.tec-mapper.ts';

export type VenueBodies = TecLinkedPostBodies<VenueDetails, VenueUpdateBody>;

export function venueRoutes(bodies: VenueBodies): RouteSpec[] {
  return linkedPostRoutes({
    service: bodies.service,
    bodies,
    createSchema: venueCreateBodySchema,
    updateSchema: venueUpdateBodySchema,
    toTec: toTecVenue,
  });
}
