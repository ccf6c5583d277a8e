/**
 * The settings screen's calls: the calendar's settings and the access tokens, through the
 * server's own API (admins only), with answers checked against the shared schemas.
 */
import { createContext, useContext } from 'react';
import {
  accessTokenSchema,
  createdTokenSchema,
  type AccessToken,
  type CreatedToken,
} from '#shared/schemas/access-token.ts';
import type { Role } from '#shared/schemas/common.ts';
import {
  settingsReplySchema,
  type SettingsReply,
  type SettingsUpdate,
} from '#shared/schemas/settings.ts';
import type { ApiClient } from './client.ts';

export type AdminApi = ReturnType<typeof createAdminApi>;

export function createAdminApi(client: ApiClient) {
  const send = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });
  return {
    settings: async (): Promise<SettingsReply> =>
      settingsReplySchema.parse(await client.json('/settings')),
    updateSettings: async (change: SettingsUpdate): Promise<SettingsReply> =>
      settingsReplySchema.parse(await client.json('/settings', send('PATCH', change))),
    tokens: async (): Promise<AccessToken[]> =>
      accessTokenSchema.array().parse(await client.json('/tokens')),
    createToken: async (name: string, role: Role): Promise<CreatedToken> =>
      createdTokenSchema.parse(await client.json('/tokens', send('POST', { name, role }))),
    revokeToken: async (id: number): Promise<AccessToken> =>
      accessTokenSchema.parse(await client.json(`/tokens/${id}`, { method: 'DELETE' })),
  };
}

export const AdminApiContext = createContext<AdminApi | null>(null);

export function useAdminApi(): AdminApi {
  const api = useContext(AdminApiContext);
  if (!api) throw new Error('useAdminApi needs an AdminApiContext above it');
  return api;
}
