/**
 * A term's `_links` and address as WordPress builds them from its own `wp/v2` terms route
 * (`WP_REST_Terms_Controller::prepare_links`): TEC's `tribe/events/v1` term answers carry the same
 * links, so both doors point to `wp/v2`.
 */
import { CATEGORIES, TAGS, type TaxonomyConfig } from '../../domain/terms/taxonomies.ts';
import type { StoredTerm } from '../../store/terms.repo.ts';
import type { WireContext } from '../../http/wire-context.ts';
import { WP_NAMESPACE } from './wp-types.ts';
import { can } from '../../auth/capabilities.ts';

/** The `wp/v2` route of each taxonomy, and the post types WordPress lists as using it. */
export const WP_TERM_ROUTE: ReadonlyMap<TaxonomyConfig, { path: string; types: string[] }> =
  new Map([
    [CATEGORIES, { path: 'tribe_events_cat', types: ['tribe_events', 'tec_calendar_embed'] }],
    [TAGS, { path: 'tags', types: ['posts', 'tribe_events', 'tec_calendar_embed'] }],
  ]);

/** The term's `wp/v2` address: its `self` link and a new term's `Location`. */
export function wpTermAddress(term: StoredTerm, config: TaxonomyConfig, context: WireContext) {
  return context.urls.route(WP_NAMESPACE, `${WP_TERM_ROUTE.get(config)!.path}/${term.id}`);
}

/** The methods the caller may use on a term's `wp/v2` address (`targetHints.allow`). */
const allowed = (context: WireContext) =>
  can.manageTerms(context.actor) ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] : ['GET'];

export function wpTermLinks(term: StoredTerm, config: TaxonomyConfig, context: WireContext) {
  const { path, types } = WP_TERM_ROUTE.get(config)!;
  const route = (at: string, query?: [string, number][]) =>
    context.urls.route(WP_NAMESPACE, at, query);
  return {
    self: [
      { href: wpTermAddress(term, config, context), targetHints: { allow: allowed(context) } },
    ],
    collection: [{ href: route(path) }],
    about: [{ href: route(`taxonomies/${config.wpName}`) }],
    ...(term.parentId
      ? { up: [{ embeddable: true, href: route(`${path}/${term.parentId}`) }] }
      : {}),
    'wp:post_type': types.map((type) => ({ href: route(type, [[path, term.id]]) })),
    curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
  };
}
