/**
 * WordPress core's room: the route tables of `wp/v2` over the same records, for the site
 * builders and clients that read it; its post lists are the domain's WP_Query reads.
 */
import type { DomainServices } from '../../domain/domain-services.ts';
import { createWpPostReads } from '../../domain/posts/wp-post-reads.ts';
import type { RouteSpec } from '../../http/routes.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { Database } from '../../store/database.ts';
import type { TecRoom } from '../tec/tec-room.ts';
import { wpPostRoutes } from './wp-posts.routes.ts';
import { wpTermRoutes } from './wp-terms.routes.ts';
import { wpUserRoutes } from './wp-users.routes.ts';

type WpRoom = { routes: { 'wp/v2': RouteSpec[] } };

export function wireWp(deps: {
  db: Database;
  domain: DomainServices;
  /** What the lists' kept selections are made at (wp-post-selections.ts). */
  changes: Pick<ChangeLog, 'latest'>;
  /** TEC's bodies: an event written through wp/v2 takes TEC's body and write command. */
  tec: Pick<TecRoom, 'eventBodies' | 'venueBodies' | 'organizerBodies' | 'fragments'>;
}): WpRoom {
  const { posts, events, venues, organizers, terms, users } = deps.domain;
  return {
    routes: {
      'wp/v2': [
        ...wpPostRoutes({
          reads: createWpPostReads(deps.db, posts, deps.changes),
          eventBodies: deps.tec.eventBodies,
          venueBodies: deps.tec.venueBodies,
          organizerBodies: deps.tec.organizerBodies,
          fragments: deps.tec.fragments,
          events,
          venues,
          organizers,
          terms,
          users,
        }),
        ...wpTermRoutes(terms),
        ...wpUserRoutes(),
      ],
    },
  };
}
