/** `/organizers` of the TEC namespace: the linked-post routes with the organizer's schemas and shape. */
import {
  organizerCreateBodySchema,
  organizerUpdateBodySchema,
  type OrganizerDetails,
  type OrganizerUpdateBody,
} from '#shared/schemas/organizer.ts';
import type { RouteSpec } from '../../../http/routes.ts';
import { linkedPostRoutes } from '../linked-posts/linked-posts.routes.ts';
import type { TecLinkedPostBodies } from '../linked-posts/tec-linked-post-body.ts';
import { toTecOrganizer } from './organizers.tec-mapper.ts';

export type OrganizerBodies = TecLinkedPostBodies<OrganizerDetails, OrganizerUpdateBody>;

export function organizerRoutes(bodies: OrganizerBodies): RouteSpec[] {
  return linkedPostRoutes({
    service: bodies.service,
    bodies,
    createSchema: organizerCreateBodySchema,
    updateSchema: organizerUpdateBodySchema,
    toTec: toTecOrganizer,
  });
}
