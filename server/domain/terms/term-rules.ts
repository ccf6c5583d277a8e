/**
 * The checks category and tag writes share: a term of the right taxonomy, references by id,
 * slug or name, parents without loops, unique names on create (term_exists) and slugs per language.
 */
import type { Language } from '#shared/languages.ts';
import { toSlug, uniqueSlug } from '#shared/text/slug.ts';
import { invalidParams, DomainError } from '../errors.ts';
import type { TaxonomyConfig } from './taxonomies.ts';
import type { StoredTerm, TermsRepo } from '../../store/terms.repo.ts';

export type TermRules = ReturnType<typeof createTermRules>;

export function createTermRules(terms: TermsRepo) {
  function find(config: TaxonomyConfig, id: number): StoredTerm {
    const term = terms.get(id);
    if (!term || term.taxonomy !== config.taxonomy)
      throw invalidParams({ id: `id ${id} is not a ${config.singular}` });
    return term;
  }

  /** Ids, slugs or names → ids; every one must exist (400 naming the parameter otherwise). */
  function refIds(
    config: TaxonomyConfig,
    refs: readonly string[],
    param: string,
    language: Language,
  ): number[] {
    const numeric = refs.filter((ref) => /^\d+$/.test(ref)).map(Number);
    const known = new Set(
      terms
        .getMany(numeric)
        .filter((term) => term.taxonomy === config.taxonomy)
        .map((term) => term.id),
    );
    return refs.map((ref) => {
      const id = /^\d+$/.test(ref)
        ? known.has(Number(ref))
          ? Number(ref)
          : undefined
        : (terms.idBySlug(config.taxonomy, ref, language) ??
          terms.idsByName(config.taxonomy, ref)[0]);
      if (id === undefined)
        throw invalidParams({ [param]: `${param}: "${ref}" is not a ${config.singular}` });
      return id;
    });
  }

  /** The parent to store (undefined: unchanged, null: none); refuses loops and tags. */
  function parentOf(
    config: TaxonomyConfig,
    parent: number | undefined,
    selfId?: number,
  ): number | null | undefined {
    if (parent === undefined) return undefined;
    if (!config.hierarchical) {
      throw new DomainError(
        'rest_taxonomy_not_hierarchical',
        'Cannot set parent term, taxonomy is not hierarchical.',
      );
    }
    if (parent === 0) return null;
    const found = terms.get(parent);
    if (!found || found.taxonomy !== config.taxonomy)
      throw invalidParams({ parent: `parent ${parent} is not a category` });
    if (selfId !== undefined && (parent === selfId || terms.ancestors(parent).includes(selfId))) {
      throw invalidParams({ parent: 'parent: a category cannot be its own ancestor' });
    }
    return parent;
  }

  /**
   * term_exists, on create only (WordPress's wp_insert_term): another term with this name (any
   * language, any case) under the same parent.
   */
  function checkName(config: TaxonomyConfig, name: string, parentId: number | null): void {
    const clash = terms
      .getMany(terms.idsByName(config.taxonomy, name))
      .find((term) => !config.hierarchical || term.parentId === parentId);
    if (clash) {
      throw new DomainError(
        'term_exists',
        // WordPress's words (wp_insert_term): a flat taxonomy has no parents to name.
        config.hierarchical
          ? 'A term with the name provided already exists with this parent.'
          : 'A term with the name provided already exists in this taxonomy.',
        { term_id: clash.id },
        false,
        // wp_insert_term's error holds the id; WordPress's REST controller adds it once more,
        // then the envelope's data: the two earlier ones show as additional_data.
        [clash.id, clash.id],
      );
    }
  }

  function slugFor(
    config: TaxonomyConfig,
    language: Language,
    wanted: string | undefined,
    name: string,
    selfId?: number,
  ): string {
    const isTaken = (slug: string) => {
      const owner = terms.slugOwner(config.taxonomy, language, slug);
      return owner !== undefined && owner !== selfId;
    };
    if (wanted !== undefined) {
      const slug = toSlug(wanted, language) || toSlug(name, language) || config.singular;
      if (isTaken(slug))
        throw new DomainError(
          'duplicate_term_slug',
          `The slug “${slug}” is already in use by another term.`,
        );
      return slug;
    }
    return uniqueSlug(toSlug(name, language) || config.singular, isTaken);
  }

  return { find, refIds, parentOf, checkName, slugFor };
}
