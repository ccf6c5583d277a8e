/** `/organizers` of the TEC namespace: the linked-post routes with the organizer's schemas and shape. */
import {
  organizerCreateBodySchema,
  organizerUpdateBodySchema,
  type OrganizerDetails,
  type OrganizerUpdateBody,
} from '#shared/schemas/organizer.ts';
import type { RouteSpec } from '../../http/routes.ts';
import { linkedPostRoutes } from '../linked-posts/linked-posts.routes.ts';
import type { LinkedPostsService } from '../linked-posts/linked-posts.service.ts';
import { toTecOrganizer } from './organizers.tec-mapper.ts';

export type OrganizersService = LinkedPostsService<OrganizerDetails, OrganizerUpdateBody>;

export function organizerRoutes(service: OrganizersService): RouteSpec[] {
  return linkedPostRoutes({
    service,
    createSchema: organizerCreateBodySchema,
    updateSchema: organizerUpdateBodySchema,
    toTec: toTecOrganizer,
  });
}
