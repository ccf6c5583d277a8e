/**
 * `POST marquee/v1/session`: the editor in a browser gets the owner's session (cookie + CSRF
 * token) by showing the owner key (in `key` or X-Marquee-Key), or the session its cookie
 * already names (a second tab, a reloaded page). Never through a proxy, never from another
 * machine; elsewhere a caller signs in with an access token.
 */
import { z } from 'zod';
import { DomainError } from '../../../domain/errors.ts';
import { endpoint, type RouteSpec } from '../../../http/routes.ts';
import { isOwnerKey, isProxied, OWNER_KEY_HEADER } from '../../../sign-in/owner-key.ts';
import { OWNER_ID, type Principal } from '../../../auth/principal.ts';
import { isLocalRequest, type Sessions } from '../../../sign-in/sessions.ts';

const NO_KEY =
  'Open the editor at the address Marquee printed when it started (it carries the owner key), or sign in with an access token.';

export function sessionRoutes(
  sessions: Sessions,
  ownerKey: string,
  owner: () => Principal | undefined,
): RouteSpec[] {
  return [
    {
      path: '/session',
      pattern: '/session',
      endpoints: [
        endpoint(['POST'], z.object({}), (_params, context, req) => {
          if (context.actor) return { body: { user: context.actor, csrfToken: '' } };
          // Checked first: a proxy on this machine makes every request look local.
          if (isProxied(req)) {
            throw new DomainError(
              'marquee_session_proxied',
              'The owner’s session is not given through a proxy: sign in with an access token.',
            );
          }
          if (!isLocalRequest(req)) throw new DomainError('marquee_owner_key', NO_KEY, {}, true);
          const current = sessions.of(req);
          if (current) return { body: { user: owner(), csrfToken: current.csrf } };
          // Not from the query string: addresses end up in logs and histories.
          const body: unknown = req.body;
          const inBody =
            typeof body === 'object' && body !== null && 'key' in body ? body.key : undefined;
          const given = typeof inBody === 'string' ? inBody : req.get(OWNER_KEY_HEADER);
          if (!isOwnerKey(given, ownerKey)) {
            throw new DomainError('marquee_owner_key', NO_KEY, {}, true);
          }
          const session = sessions.open(OWNER_ID, req);
          return {
            headers: { 'Set-Cookie': session.cookie },
            body: { user: owner(), csrfToken: session.csrf },
          };
        }),
      ],
    },
  ];
}
