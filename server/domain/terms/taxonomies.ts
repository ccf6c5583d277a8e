/** The two taxonomies: our names, TEC's route names and WordPress's taxonomy names. */
import type { Taxonomy } from '#shared/schemas/term.ts';

export type TaxonomyConfig = {
  taxonomy: Taxonomy;
  singular: 'category' | 'tag';
  plural: 'categories' | 'tags';
  /** What TEC puts in `taxonomy`. */
  wpName: 'tribe_events_cat' | 'post_tag';
  hierarchical: boolean;
};

export const CATEGORIES: TaxonomyConfig = {
  taxonomy: 'category',
  singular: 'category',
  plural: 'categories',
  wpName: 'tribe_events_cat',
  hierarchical: true,
};

export const TAGS: TaxonomyConfig = {
  taxonomy: 'tag',
  singular: 'tag',
  plural: 'tags',
  wpName: 'post_tag',
  hierarchical: false,
};
