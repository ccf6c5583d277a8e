/** Permission checks shared by the post resources: who is calling, and what they may see. */
import type { Principal } from '../../auth/principal.ts';
import { can } from '../../auth/capabilities.ts';
import { forbidden, invalidParams } from '../errors.ts';
import type { DomainContext } from '../context.ts';
import type { PostsRepo } from '../../store/posts.repo.ts';
import { POST_STATUSES, type PostStatus } from '#shared/schemas/common.ts';

/** The caller, if `allowed` says yes: else 401 for anonymous callers, 403 for others. */
export function requireCaller(
  context: DomainContext,
  allowed: (caller: Principal) => boolean,
): Principal {
  const caller = context.actor;
  if (!caller) throw forbidden(false);
  if (!allowed(caller)) throw forbidden(true);
  return caller;
}

/**
 * A protected record shows its content only with the right password, or to someone who may
 * edit it (TEC refuses even editors without context=edit; we do not copy that).
 */
export function mustRedact(
  post: { password: string; author: number; status: PostStatus },
  context: DomainContext,
  password: string | undefined,
): boolean {
  if (!post.password) return false;
  return password !== post.password && !can.editPost(context.actor, post);
}

const ALL_BUT_TRASH = POST_STATUSES.filter((status) => status !== 'trash');

/**
 * Statuses a list shows: anonymous callers may ask only for `publish` (else
 * 400); callers who may write posts see every status but trash by default.
 */
export function visibleStatuses(
  requested: readonly PostStatus[] | undefined,
  caller: Principal | undefined,
  what: string,
): readonly PostStatus[] {
  const writer = can.createPosts(caller);
  if (requested && !writer && requested.some((status) => status !== 'publish')) {
    throw invalidParams({ status: `status: only published ${what} are public` });
  }
  return requested ?? (writer ? ALL_BUT_TRASH : ['publish']);
}

/**
 * Whether the caller may change (edit or trash) the post `id`, as WordPress's `edit_post`
 * answers it when it lists a route's methods in `Allow`. `missing`: the answer for an id no post
 * has (TEC's events fall back to the generic `edit_posts`; its venues and organizers do not).
 */
export function mayChangePost(
  posts: PostsRepo,
  id: number,
  context: DomainContext,
  missing: boolean,
): boolean {
  if (!context.actor) return false;
  const post = posts.ownership(id);
  return post ? can.editPost(context.actor, post) : missing;
}
