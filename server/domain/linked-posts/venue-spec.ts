/** What makes a venue a venue among linked posts: its name, its plural and its error codes. */
import type { LinkedPostSpec } from './linked-post.ts';

export const venueSpec: LinkedPostSpec = {
  kind: 'venue',
  plural: 'venues',
  codes: {
    notAccessible: 'venue-not-accessible',
    inTrash: 'venue-is-in-trash',
    pageNotFound: 'venue-archive-page-not-found',
  },
};
