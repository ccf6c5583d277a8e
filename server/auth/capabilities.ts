/**
 * WordPress's role capabilities, as they apply to events, venues and organizers (posts) and to
 * categories and tags (terms). One place answers "may this caller do that?".
 */
import type { PostStatus } from '#shared/schemas/common.ts';
import type { Principal } from './principal.ts';

type Caller = Principal | undefined;
type Post = { author: number; status: PostStatus };

const rank = { contributor: 1, author: 2, editor: 3, admin: 4 } as const;

function atLeast(caller: Caller, role: keyof typeof rank): boolean {
  return caller !== undefined && rank[caller.role] >= rank[role];
}

const isOwn = (caller: Principal, post: Post) => post.author === caller.id;
const UNPUBLISHED: readonly PostStatus[] = ['draft', 'pending'];

export const can = {
  /** Create posts (WordPress `edit_posts`): contributors and up. */
  createPosts: (caller: Caller) => atLeast(caller, 'contributor'),
  /** Publish without review (`publish_posts`): authors and up. */
  publish: (caller: Caller) => atLeast(caller, 'author'),
  /** Act on other users' posts and assign authors (`edit_others_posts`): editors and up. */
  editOthers: (caller: Caller) => atLeast(caller, 'editor'),
  /** Create categories and tags: authors and up (TEC's categories need `publish_tribe_events`). */
  createTerms: (caller: Caller) => atLeast(caller, 'author'),
  /** Edit and delete categories and tags (`manage_categories`): editors and up. */
  manageTerms: (caller: Caller) => atLeast(caller, 'editor'),
  /** Change the calendar's settings and access tokens (`manage_options`): admins. */
  manageSettings: (caller: Caller) => atLeast(caller, 'admin'),
  /**
   * Write any HTML (`unfiltered_html`): editors and up. Others' titles, descriptions and
   * excerpts are cleaned as WordPress's kses cleans them (shared/text/kses/text-rules.ts).
   */
  unfilteredHtml: (caller: Caller) => atLeast(caller, 'editor'),
  /** Use an image URL (`upload_files`): authors and up. */
  uploadFiles: (caller: Caller) => atLeast(caller, 'author'),

  /** Edit one post: editors any; authors their own; contributors their own unpublished ones. */
  editPost(caller: Caller, post: Post): boolean {
    if (atLeast(caller, 'editor')) return true;
    if (!caller || !isOwn(caller, post)) return false;
    return caller.role === 'author' || UNPUBLISHED.includes(post.status);
  },

  /** Delete rules match edit rules in WordPress (delete_published_posts for authors). */
  deletePost(caller: Caller, post: Post): boolean {
    return can.editPost(caller, post);
  },

  /** Read one post: published ones are public; private ones need editors or their author. */
  readPost(caller: Caller, post: Post): boolean {
    if (post.status === 'publish') return true;
    if (post.status === 'trash')
      return atLeast(caller, 'editor') || (caller !== undefined && isOwn(caller, post));
    return can.editPost(caller, post) || (caller !== undefined && isOwn(caller, post));
  },
};
