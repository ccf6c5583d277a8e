/** The names WordPress's own namespace gives Marquee's records: TEC's post types and taxonomies. */
import type { PostKind } from '#shared/kinds/registry.ts';

export const WP_NAMESPACE = 'wp/v2';

export const WP_TYPE: Readonly<Record<PostKind, string>> = {
  event: 'tribe_events',
  venue: 'tribe_venue',
  organizer: 'tribe_organizer',
};
