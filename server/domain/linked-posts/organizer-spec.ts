/** What makes an organizer an organizer among linked posts: name, plural, error codes. */
import type { LinkedPostSpec } from './linked-post.ts';

export const organizerSpec: LinkedPostSpec = {
  kind: 'organizer',
  plural: 'organizers',
  codes: {
    notAccessible: 'organizer-not-accessible',
    inTrash: 'organizer-is-in-trash',
    pageNotFound: 'organizer-archive-page-not-found',
  },
};
