/**
 * Term → TEC wire JSON in its two shapes: (b) from /categories and /tags, and
 * (a) embedded in events, a WordPress term object with `urls`. Plus `language` and `translations`.
 */
import { pickTranslation, translatedLanguages } from '#shared/schemas/multilingual.ts';
import type { WireContext } from '../../../http/wire-context.ts';
import { renderTitle } from '../posts/post-wire.ts';
import type { TaxonomyConfig } from '../../../domain/terms/taxonomies.ts';
import type { StoredTerm } from '../../../store/terms.repo.ts';
import { wpTermLinks } from '../../wp/wp-term-links.ts';

function texts(term: StoredTerm, context: WireContext) {
  const pick = (field: 'name' | 'description' | 'slug') =>
    pickTranslation(term[field], context.language, context.settings.defaultLanguage);
  const name = pick('name');
  return {
    name: renderTitle(name?.value ?? ''),
    description: pick('description')?.value ?? '',
    slug: pick('slug')?.value ?? '',
    language: name?.language ?? context.language,
    translations: translatedLanguages(term.name, term.description),
  };
}

function urls(term: StoredTerm, config: TaxonomyConfig, context: WireContext) {
  const route = (path: string) => context.urls.route(context.namespace, path);
  return {
    self: route(`${config.plural}/${term.id}`),
    collection: route(config.plural),
    ...(term.parentId ? { up: route(`${config.plural}/${term.parentId}`) } : {}),
  };
}

/**
 * The term's public page. A category's `{slug}` is the path of its parents' slugs and its own
 * (`main/child`), as WordPress links TEC's categories (their rewrite is hierarchical).
 */
export function termUrl(
  term: StoredTerm,
  slug: string,
  parents: readonly StoredTerm[],
  config: TaxonomyConfig,
  context: WireContext,
): string {
  const pattern = context.settings.publicUrls[config.singular];
  if (pattern) {
    const path = [...parents.map((parent) => texts(parent, context).slug), slug]
      .map(encodeURIComponent)
      .join('/');
    return pattern.replaceAll('{slug}', path).replaceAll('{id}', String(term.id));
  }
  return `${context.urls.origin}/#/${config.plural}/${term.id}`;
}

/**
 * Shape (b). `parents`: the term's parents, the root first (its url names them). `links` adds
 * WordPress's `_links` (single GET/POST responses).
 */
export function toTecTerm(
  term: StoredTerm,
  count: number,
  parents: readonly StoredTerm[],
  config: TaxonomyConfig,
  context: WireContext,
  links = false,
) {
  const text = texts(term, context);
  const termUrls = urls(term, config, context);
  const record: Record<string, unknown> = {
    id: term.id,
    count,
    description: text.description,
    name: text.name,
    slug: text.slug,
    taxonomy: config.wpName,
    ...(config.hierarchical ? { parent: term.parentId ?? 0 } : {}),
    meta: [],
    url: termUrl(term, text.slug, parents, config, context),
    urls: termUrls,
    language: text.language,
    translations: text.translations,
  };
  if (links) {
    // TEC answers WordPress's term links, which name the wp/v2 routes.
    record._links = wpTermLinks(term, config, context);
  }
  return record;
}

/** Shape (a): inside an event's `categories` / `tags`. */
export function toEmbeddedTerm(
  term: StoredTerm,
  count: number,
  config: TaxonomyConfig,
  context: WireContext,
) {
  const text = texts(term, context);
  return {
    name: text.name,
    slug: text.slug,
    term_group: 0 as const,
    term_taxonomy_id: term.id,
    taxonomy: config.wpName,
    description: text.description,
    parent: term.parentId ?? 0,
    count,
    filter: 'raw' as const,
    id: term.id,
    urls: urls(term, config, context),
    language: text.language,
    translations: text.translations,
  };
}
