/**
 * Category and tag rules: filters, unique names on create (term_exists) and slugs, parents
 * without loops, hard deletes that hand children to the grandparent. Validation (400) comes
 * before permission (authors and up create terms, editors and admins edit and delete them).
 * Reading (term-reads.ts) and writing (term-writes.ts) share the rules of term-rules.ts.
 */
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { LinkIndex } from '../../store/link-index.ts';
import type { PostsRepo } from '../../store/posts.repo.ts';
import type { StoredTerm, TermsRepo } from '../../store/terms.repo.ts';
import type { TermPatch } from '#shared/kinds/registry.ts';
import type { Language } from '#shared/languages.ts';
import type { TermListQuery } from '#shared/schemas/term.ts';
import type { DomainContext } from '../context.ts';
import type { TaxonomyConfig } from './taxonomies.ts';
import { createTermReads } from './term-reads.ts';
import { createTermRules } from './term-rules.ts';
import { createTermWrites } from './term-writes.ts';

/** Categories and tags: the write command of each taxonomy, its reads and its rules. */
export type TermsService = {
  create(
    config: TaxonomyConfig,
    patch: TermPatch,
    context: DomainContext,
    options?: { uuid?: string; index?: LinkIndex },
  ): StoredTerm;
  update(
    config: TaxonomyConfig,
    id: number,
    patch: TermPatch,
    context: DomainContext,
    options?: { index?: LinkIndex },
  ): StoredTerm;
  ensure(
    config: TaxonomyConfig,
    items: readonly string[],
    context: DomainContext,
    index: LinkIndex,
  ): number[];
  remove(
    config: TaxonomyConfig,
    id: number,
    context: DomainContext,
  ): { term: StoredTerm; count: number };
  find: (config: TaxonomyConfig, id: number) => StoredTerm;
  resolveRefs: (
    config: TaxonomyConfig,
    refs: readonly string[],
    param: string,
    language: Language,
  ) => number[];
  mayCreate: (context: DomainContext) => boolean;
  mayManage: (context: DomainContext) => boolean;
  parentUuidOf(config: TaxonomyConfig, parent: number, selfId?: number): string | null;
  parentsOf: (term: StoredTerm) => StoredTerm[];
  withDescendants: (config: TaxonomyConfig, ids: readonly number[]) => number[];
  getMany: (ids: readonly number[]) => StoredTerm[];
  counts: (ids: readonly number[]) => Map<number, number>;
  list(
    config: TaxonomyConfig,
    query: TermListQuery,
    context: DomainContext,
  ): { terms: StoredTerm[]; counts: Map<number, number>; total: number };
};

export function createTermsService(deps: {
  terms: TermsRepo;
  posts: PostsRepo;
  changes: ChangeLog;
  /** A fresh index of ids and uuids, for one write. */
  links: () => LinkIndex;
}): TermsService {
  const rules = createTermRules(deps.terms);
  const reads = createTermReads(deps, rules);
  return { ...reads, ...createTermWrites(deps, rules, reads.counts) };
}
