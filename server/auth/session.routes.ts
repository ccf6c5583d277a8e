/**
 * `POST marquee/v1/session`: the editor in a browser on this machine gets a session without
 * signing in (cookie + CSRF token); elsewhere it must sign in with an access token.
 */
import { z } from 'zod';
import { forbidden } from '../domain/errors.ts';
import { endpoint, type RouteSpec } from '../http/routes.ts';
import { OWNER_ID, type Principal } from './principal.ts';
import { isLocalRequest, type Sessions } from './sessions.ts';

export function sessionRoutes(sessions: Sessions, owner: () => Principal | undefined): RouteSpec[] {
  return [
    {
      path: '/session',
      pattern: '/session',
      endpoints: [
        endpoint(['POST'], z.object({}), (_params, context, req) => {
          if (context.actor) return { body: { user: context.actor, csrfToken: '' } };
          if (!isLocalRequest(req)) {
            throw forbidden(
              false,
              'Sign in with an access token: this browser is not on the calendar’s computer.',
            );
          }
          const session = sessions.open(OWNER_ID);
          return {
            headers: { 'Set-Cookie': session.cookie },
            body: { user: owner(), csrfToken: session.csrf },
          };
        }),
      ],
    },
  ];
}
