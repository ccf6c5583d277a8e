/**
 * A record patch applied to a post on the server: the shared rule (shared/kinds/apply-patch.ts,
 * which the editor's replica applies too), then what needs the store or the caller: slugs made
 * unique per kind and language, the caller's role on the status, the author, and scheduled
 * publication. Every door's write (TEC bodies, sync, imports) ends here.
 */
import type { Language } from '#shared/languages.ts';
import { applyPatch } from '#shared/kinds/apply-patch.ts';
import { KIND, type Patch } from '#shared/kinds/registry.ts';
import { statusBeforeTrashAfter, type PostStatus } from '#shared/schemas/common.ts';
import { withTranslation, type Multilingual } from '#shared/schemas/multilingual.ts';
import type { Principal } from '../../auth/principal.ts';
import type { DomainContext } from '../context.ts';
import {
  assignableAuthor,
  assignSlug,
  scaleStatus,
  scheduledStatus,
  slugsForStatus,
  slugTaken,
} from './post-rules.ts';
import type { PostKind, PostsRepo } from '../../store/posts.repo.ts';

export type PostRecord = {
  id: number;
  uuid: string;
  rev: number;
  status: PostStatus;
  statusBeforeTrash: PostStatus | null;
  author: number;
  date: string;
  slug: Multilingual;
} & Record<string, unknown>;

/** The languages a patch sends a text in. */
function languagesOf(kind: PostKind, patch: Patch): Language[] {
  const sent = KIND[kind].translatable.flatMap((field) =>
    Object.keys((patch[field] as Multilingual | undefined) ?? {}),
  );
  return [...new Set(sent)] as Language[];
}

/**
 * The slugs after a write: in each language the patch writes, the slug sent (when it differs
 * from the one stored; the same one sent again, a sync client's copy, is kept as it is), or one
 * made from the name when the language has none yet.
 */
function slugsAfter(
  posts: PostsRepo,
  kind: PostKind,
  before: PostRecord,
  patch: Patch,
  next: PostRecord,
): Multilingual {
  const names = next[KIND[kind].nameField] as Multilingual;
  const sent = (patch.slug as Multilingual | undefined) ?? {};
  let slugs = next.slug;
  for (const language of languagesOf(kind, patch)) {
    const wanted = sent[language];
    const name = names[language];
    if (
      (wanted !== undefined && wanted !== before.slug[language]) ||
      (name && !before.slug[language])
    )
      slugs = withTranslation(
        slugs,
        language,
        assignSlug(posts, kind, language, wanted, name ?? '', before.id),
      );
  }
  return slugs;
}

export function patchPost<R extends PostRecord>(
  posts: PostsRepo,
  kind: PostKind,
  before: R,
  patch: Patch,
  caller: Principal,
  context: DomainContext,
): R {
  const next = applyPatch(kind, before, patch, { slugTaken: slugTaken(posts, kind, before.id) });
  next.slug = slugsAfter(posts, kind, before, patch, next);
  if (patch.status !== undefined) next.status = scaleStatus(caller, patch.status as PostStatus);
  next.author = assignableAuthor(caller, patch.author as number | undefined, before.author);
  next.status = scheduledStatus(next.status, next.date, context.now);
  next.statusBeforeTrash = statusBeforeTrashAfter(before, next.status);
  next.slug = slugsForStatus(posts, kind, before.id, next.slug, next.status);
  return next;
}
