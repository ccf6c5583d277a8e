/**
 * `marquee/v1/tokens` (admins): the access tokens website builds and scripts use, as
 * `marquee token` manages them from the command line: list, create (the secret is in the
 * answer, once), revoke.
 */
import { z } from 'zod';
import { tokenCreateSchema, type AccessToken } from '#shared/schemas/access-token.ts';
import type { AccessTokens } from '../../../sign-in/access-tokens.service.ts';
import { can } from '../../../auth/capabilities.ts';
import type { UserRow } from '../../../store/users.repo.ts';
import { ApiError } from '../../../http/api-error.ts';
import { endpoint, ID, type RouteSpec } from '../../../http/routes.ts';
import { requireCaller } from '../../../domain/posts/access.ts';
import { wpPositiveInteger } from '#shared/schemas/wp-params.ts';

const toWire = (row: UserRow): AccessToken => ({
  id: row.id,
  name: row.name,
  role: row.role,
  created: row.created_utc,
  revoked: row.revoked_utc,
});

export function tokenRoutes(tokens: AccessTokens): RouteSpec[] {
  const withTokens = () => tokens.list().filter((row) => row.has_token);
  return [
    {
      path: '/tokens',
      pattern: '/tokens',
      endpoints: [
        endpoint(['GET'], z.object({}), (_params, context) => {
          requireCaller(context, can.manageSettings);
          return { body: withTokens().map(toWire), cacheable: false };
        }),
        endpoint(['POST'], tokenCreateSchema, ({ name, role }, context) => {
          requireCaller(context, can.manageSettings);
          const { id, token } = tokens.create(name, role);
          const row = withTokens().find((candidate) => candidate.id === id);
          if (!row) throw new Error(`token ${id} was not stored`);
          return { status: 201, body: { ...toWire(row), token } };
        }),
      ],
    },
    {
      path: '/tokens/:id',
      pattern: '/tokens/(?P<id>\\d+)',
      guards: { id: ID },
      endpoints: [
        endpoint(['DELETE'], z.object({ id: wpPositiveInteger }), ({ id }, context) => {
          requireCaller(context, can.manageSettings);
          const row = withTokens().find((candidate) => candidate.id === id);
          if (!row)
            throw new ApiError('marquee_token_not_found', 'There is no access token with that id.');
          if (!row.revoked_utc) tokens.revoke(id);
          return { body: toWire(withTokens().find((candidate) => candidate.id === id) ?? row) };
        }),
      ],
    },
  ];
}
