/** A TEC organizer body's own keys: its name under `organizer`, its details. */
import type { OrganizerDetails, OrganizerUpdateBody } from '#shared/schemas/organizer.ts';
import { definedOnly, type TecBodyKeys } from '../linked-posts/tec-linked-post-body.ts';

export const tecOrganizerBody: TecBodyKeys<OrganizerDetails, OrganizerUpdateBody> = {
  nameOf: (body) => body.organizer,
  detailsPatchOf: (body) =>
    definedOnly({
      phone: body.phone,
      website: body.website,
      email: body.email,
      image: body.image,
    }),
};
