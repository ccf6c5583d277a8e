/**
 * Write rules every post kind shares: status scale-back by role, scheduled publication, author
 * assignment, the publication date and unique per-language slugs.
 */
import { type PostKind } from '#shared/kinds/registry.ts';
import type { Language } from '#shared/languages.ts';
import type { PostStatus } from '#shared/schemas/common.ts';
import { toSlug, uniqueSlug } from '#shared/text/slug.ts';
import {
  isTrashedSlug,
  slugsForTrash,
  trashedSlug,
  untrashedSlug,
  type SlugTaken,
} from '#shared/text/trashed-slug.ts';
import { can } from '../../auth/capabilities.ts';
import type { Principal } from '../../auth/principal.ts';
import type { UsersRepo } from '../../store/users.repo.ts';
import { forbidden, invalidParams } from '../errors.ts';
import type { Multilingual } from '#shared/schemas/multilingual.ts';
import type { PostsRepo } from '../../store/posts.repo.ts';

/**
 * TEC's scale-back: callers who may publish get what they asked for
 * (default publish); others get `pending` instead of publish/future/private, `draft` by default.
 */
export function scaleStatus(caller: Principal, requested: PostStatus | undefined): PostStatus {
  if (can.publish(caller)) return requested ?? 'publish';
  if (requested === undefined) return 'draft';
  return requested === 'publish' || requested === 'future' || requested === 'private'
    ? 'pending'
    : requested;
}

/** The author to store: an existing user (else 400); someone else only for editors (else 403). */
export function checkAuthor(users: UsersRepo, requested: number | undefined): void {
  if (requested !== undefined && !users.findById(requested)) {
    throw invalidParams({ author: `author ${requested} is not a user of this calendar` });
  }
}

export function assignableAuthor(
  caller: Principal,
  requested: number | undefined,
  current?: number,
): number {
  const author = requested ?? current ?? caller.id;
  if (author !== (current ?? caller.id) && !can.editOthers(caller)) {
    throw forbidden(true, 'Sorry, you are not allowed to assign posts to other users.');
  }
  return author;
}

/** WordPress's slack: a date less than a minute ahead counts as now (wp_insert_post). */
const SCHEDULE_SLACK_MS = 60_000;

/**
 * Scheduled publication as wp_insert_post decides it, in both directions: what would be
 * published with a publication date (UTC) still to come is `future`; a `future` post whose
 * date has come is published. Other statuses stay as they are.
 */
export function scheduledStatus(status: PostStatus, dateUtc: string, now: Date): PostStatus {
  if (status !== 'publish' && status !== 'future') return status;
  const ahead = Date.parse(`${dateUtc.replace(' ', 'T')}Z`) - now.getTime();
  return ahead >= SCHEDULE_SLACK_MS ? 'future' : 'publish';
}

/**
 * The slug a post gets in `language`: the one asked for, else one made from its title, made
 * unique among posts of the kind in that language (WordPress appends -2, -3…). A post in the
 * trash gets it in its trashed form, and only that form must be free: the trash frees the live
 * slug, so another post holding it changes nothing. A trashed slug asked for (a hub's copy,
 * with its `-2`) is kept where it is free, so a laptop and its hub hold the same one; where it
 * is taken the post leaves the one it has (`own.current`) for the next free one, so the post
 * that holds it can take this one: two that hold each other's swap in two writes. Out of the
 * trash a trashed slug asks for its live one.
 */
export function assignSlug(
  posts: PostsRepo,
  kind: PostKind,
  language: Language,
  wanted: string | undefined,
  title: string,
  own: { id?: number; inTrash?: boolean; current?: string } = {},
): string {
  const base = toSlug(untrashedSlug(wanted ?? '') || title, language) || kind;
  const taken = slugTaken(posts, kind, own.id);
  const isTaken = (slug: string) => taken(language, slug);
  if (!own.inTrash) return uniqueSlug(base, isTaken);
  if (!wanted || !isTrashedSlug(wanted) || untrashedSlug(wanted) !== base)
    return trashedSlug(base, isTaken);
  if (!isTaken(wanted)) return wanted;
  return trashedSlug(base, (slug) => slug === own.current || isTaken(slug));
}

/**
 * Whether a post of the kind other than `ownId` has a slug in a language, for one write. The
 * first slug asked is read with its family (`jazz`, then `jazz-2`, `jazz-3`…, which uniqueSlug
 * tries next), so the numbers cost no query each. The family is the asked slug's own, not that
 * of the slug without its number: "Set 2024-11" would otherwise read every "set-2024-N".
 */
export function slugTaken(posts: PostsRepo, kind: PostKind, ownId?: number): SlugTaken {
  const families = new Map<string, Map<string, number>>();
  return (language, slug) => {
    const key = (root: string) => `${language}\u0000${root}`;
    let family = families.get(key(slug.replace(/-\d+$/, ''))) ?? families.get(key(slug));
    if (!family) {
      family = posts.slugFamily(kind, language, slug);
      families.set(key(slug), family);
    }
    const owner = family.get(slug);
    return owner !== undefined && owner !== ownId;
  };
}

/**
 * A post's slugs for its status: the trash frees them (`slug__trashed`), leaving it takes them
 * back, or the next free `-2`, `-3`… (shared/text/trashed-slug.ts, WordPress's rule).
 */
export function slugsForStatus(
  posts: PostsRepo,
  kind: PostKind,
  id: number,
  slugs: Multilingual,
  status: PostStatus,
): Multilingual {
  return slugsForTrash(slugs, status === 'trash', slugTaken(posts, kind, id));
}
