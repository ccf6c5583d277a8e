/**
 * Category and tag rules: filters, unique names on create (term_exists) and slugs, parents
 * without loops, hard deletes that hand children to the grandparent. Validation (400) comes
 * before permission (authors and up create terms, editors and admins edit and delete them).
 * Reading (term-reads.ts) and writing (term-writes.ts) share the rules of term-rules.ts.
 */
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { LinkIndex } from '../../store/link-index.ts';
import type { PostsRepo } from '../../store/posts.repo.ts';
import type { TermsRepo } from '../../store/terms.repo.ts';
import { createTermReads } from './term-reads.ts';
import { createTermRules } from './term-rules.ts';
import { createTermWrites } from './term-writes.ts';

export type TermsService = ReturnType<typeof createTermsService>;

export function createTermsService(deps: {
  terms: TermsRepo;
  posts: PostsRepo;
  changes: ChangeLog;
  /** A fresh index of ids and uuids, for one write. */
  links: () => LinkIndex;
}) {
  const rules = createTermRules(deps.terms);
  const reads = createTermReads(deps, rules);
  return { ...reads, ...createTermWrites(deps, rules, reads.counts) };
}
