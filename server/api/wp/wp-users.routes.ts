/**
 * `wp/v2/users/me`: who the request's token or session is, in WordPress core's user shape
 * (`context=edit` for oneself: login, roles, capabilities), and the author object embedded in
 * posts. Marquee keeps no e-mail, names or avatars: those fields are empty.
 */
import { z } from 'zod';
import type { Role } from '#shared/schemas/common.ts';
import { can } from '../../auth/capabilities.ts';
import { ApiError } from '../../http/api-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { endpoint, type RouteSpec } from '../../http/routes.ts';
import { onlyFields, wpListArgs } from './wp-params.ts';
import { WP_NAMESPACE } from './wp-types.ts';

type User = { id: number; name: string; role: Role };

const WP_ROLE: Readonly<Record<Role, string>> = {
  admin: 'administrator',
  editor: 'editor',
  author: 'author',
  contributor: 'contributor',
};

/** Gravatar's "mystery person", which WordPress shows for a user without a picture. */
const avatarUrls = () =>
  Object.fromEntries(
    [24, 48, 96].map((size) => [
      String(size),
      `https://secure.gravatar.com/avatar/?s=${size}&d=mm&r=g`,
    ]),
  );

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'user';

/** The capabilities WordPress's role gives, as far as Marquee's rules tell them apart. */
function capabilitiesOf(user: User): Record<string, boolean> {
  const caller = { ...user };
  return {
    read: true,
    edit_posts: can.createPosts(caller),
    publish_posts: can.publish(caller),
    edit_others_posts: can.editPost(caller, { author: 0, status: 'publish' }),
    manage_categories: can.manageTerms(caller),
    [WP_ROLE[user.role]]: true,
  };
}

/** `view`: core's public fields; `embed` (a post's embedded author) leaves out `meta`. */
export function toWpUser(user: User, context: RequestContext, shape: 'embed' | 'view' | 'edit') {
  const slug = slugOf(user.name);
  const link = `${context.urls.origin}/author/${slug}/`;
  const self = context.urls.route(WP_NAMESPACE, `users/${user.id}`);
  const collection = context.urls.route(WP_NAMESPACE, 'users');
  const links = {
    self: [{ href: self, targetHints: { allow: ['GET'] } }],
    collection: [{ href: collection }],
  };
  if (shape !== 'edit')
    return {
      id: user.id,
      name: user.name,
      url: '',
      description: '',
      link,
      slug,
      avatar_urls: avatarUrls(),
      ...(shape === 'view' ? { meta: [] } : {}),
      _links: links,
    };
  return {
    id: user.id,
    username: user.name,
    name: user.name,
    first_name: '',
    last_name: '',
    email: '',
    url: '',
    description: '',
    link,
    locale: context.language,
    nickname: user.name,
    slug,
    roles: [WP_ROLE[user.role]],
    capabilities: capabilitiesOf(user),
    extra_capabilities: { [WP_ROLE[user.role]]: true },
    avatar_urls: avatarUrls(),
    meta: [],
    _links: links,
  };
}

export function wpUserRoutes(): RouteSpec[] {
  const me = endpoint(
    ['GET'],
    z.object({ context: wpListArgs.context, _fields: wpListArgs._fields }),
    (params, context) => {
      const caller = context.actor;
      if (!caller) throw new ApiError('rest_not_logged_in', 'You are not currently logged in.');
      return {
        body: onlyFields(
          toWpUser(caller, context, params.context === 'edit' ? 'edit' : 'view'),
          params._fields,
        ),
        // Whose answer it is depends on the caller.
        cacheable: false,
      };
    },
  );
  return [{ path: '/users/me', pattern: '/users/me', endpoints: [me] }];
}
