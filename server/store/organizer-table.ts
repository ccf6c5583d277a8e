/** An organizer's row beside its post: its table, its columns, and how events link to it. */
import { ORGANIZER_TEXT_DETAILS, type OrganizerDetails } from '#shared/schemas/organizer.ts';
import { textOf } from './sql.ts';
import type { LinkedPostTable } from './linked-posts.repo.ts';

export const organizerTable: LinkedPostTable<OrganizerDetails> = {
  kind: 'organizer',
  table: 'organizers',
  columns: [...ORGANIZER_TEXT_DETAILS, 'image_url'],
  searchColumns: ['phone', 'email', 'website'],
  toColumns: (organizer) => [
    ...ORGANIZER_TEXT_DETAILS.map((key) => organizer[key]),
    organizer.image,
  ],
  fromRow: (row) => ({
    phone: textOf(row.phone),
    website: textOf(row.website),
    email: textOf(row.email),
    image: textOf(row.image_url),
  }),
  linkedEvents: (post) =>
    `SELECT eo.event_id, e.start_utc FROM event_organizers eo JOIN events e ON e.post_id = eo.event_id
     WHERE eo.organizer_id = ${post}`,
  linkedToEvent: 'SELECT organizer_id FROM event_organizers WHERE event_id = ?',
};
