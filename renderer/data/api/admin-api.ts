/**
 * The editor's calls to the server's own API besides sync: the calendar's settings, access
 * tokens, snapshots and the website (admins), and calendar files in and out; answers checked against the
 * shared schemas.
 */
import { createContext, useContext } from 'react';
import { z } from 'zod';
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
import {
  snapshotRestoreAnswerSchema,
  snapshotSchema,
  type Snapshot,
  type SnapshotRestoreAnswer,
} from '#shared/schemas/snapshot.ts';
import {
  siteConflictSchema,
  siteStatusSchema,
  siteTestSchema,
  syncAnswerSchema,
} from '#shared/schemas/site.ts';
import { peerLogEntrySchema } from '#shared/schemas/peer.ts';
import { importAnswerSchema, type ImportAnswer } from '#shared/schemas/transfer.ts';
import {
  hubAnswerSchema,
  hubConflictSchema,
  hubStatusSchema,
  hubTestSchema,
  type HubChoice,
} from '#shared/schemas/hub.ts';
import type { ApiClient } from './client.ts';

/** What `wp/v2/users/me?context=edit` tells of the caller that the editor uses. */
const callerSchema = z.object({ capabilities: z.record(z.string(), z.boolean()) });

export type ImportRequest = {
  format: 'ics' | 'csv' | 'json';
  dryRun: boolean;
  language: string;
  /** Import without the records the server cannot read (a file otherwise sound). */
  skipBroken?: boolean;
  /** CSV: the column chosen for each named header (header → key, "" to leave it out). */
  columns?: Readonly<Record<string, string>>;
};

/**
 * What the user gives to connect the website (the password is sent, never answered);
 * `insecure`: plain http to another machine, allowed by the user.
 */
export type SiteLogin = {
  address: string;
  login: string;
  password: string;
  language: string;
  insecure: boolean;
};

/** What Settings → Hub sends to connect: the hub's address, a token made there. */
export type HubLogin = { address: string; token: string; insecure: boolean };

/** A file the server made, with the name it suggests. */
type DownloadedFile = { name: string; blob: Blob };

export type AdminApi = ReturnType<typeof createAdminApi>;

/** `wp`: the same server's `wp/v2` namespace, where the caller's capabilities are told. */
export function createAdminApi(client: ApiClient, wp: ApiClient) {
  const send = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });
  return {
    /**
     * Whether the caller may act on others' events (WordPress's `edit_others_posts`, as the
     * server answers it for this caller): the rule that honours "book anyway" at a strict venue.
     */
    mayEditOthers: async (): Promise<boolean> =>
      callerSchema.parse(await wp.json('/users/me?context=edit&_fields=capabilities')).capabilities
        .edit_others_posts === true,
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
    snapshots: async (): Promise<Snapshot[]> =>
      snapshotSchema.array().parse(await client.json('/snapshots')),
    createSnapshot: async (): Promise<Snapshot> =>
      snapshotSchema.parse(await client.json('/snapshots', { method: 'POST' })),
    restoreSnapshot: async (name: string): Promise<SnapshotRestoreAnswer> =>
      snapshotRestoreAnswerSchema.parse(
        await client.json(`/snapshots/${encodeURIComponent(name)}/restore`, { method: 'POST' }),
      ),
    siteStatus: async () => siteStatusSchema.parse(await client.json('/site')),
    testSite: async (login: SiteLogin) =>
      siteTestSchema.parse(await client.json('/site', send('PUT', { ...login, confirm: false }))),
    connectSite: async (login: SiteLogin) =>
      syncAnswerSchema.parse(await client.json('/site', send('PUT', { ...login, confirm: true }))),
    syncSite: async () => syncAnswerSchema.parse(await client.json('/site/sync', send('POST', {}))),
    disconnectSite: async () =>
      siteStatusSchema.parse(await client.json('/site', { method: 'DELETE' })),
    siteConflicts: async () =>
      siteConflictSchema.array().parse(await client.json('/site/conflicts')),
    /** The user's decision: every field of the conflict kept as Marquee has it, or the site. */
    resolveSiteConflict: async (id: number, keep: 'marquee' | 'site') => {
      await client.json(`/site/conflicts/${id}`, send('POST', { keep }));
    },
    siteLog: async (limit: number) =>
      peerLogEntrySchema.array().parse(await client.json(`/site/log?limit=${limit}`)),
    hubStatus: async () => hubStatusSchema.parse(await client.json('/hub')),
    testHub: async (connection: HubLogin) =>
      hubTestSchema.parse(
        await client.json('/hub', send('PUT', { ...connection, confirm: false })),
      ),
    connectHub: async (connection: HubLogin) =>
      hubAnswerSchema.parse(
        await client.json('/hub', send('PUT', { ...connection, confirm: true })),
      ),
    replaceHubToken: async (token: string) =>
      hubAnswerSchema.parse(await client.json('/hub/token', send('PUT', { token }))),
    syncHub: async () => hubAnswerSchema.parse(await client.json('/hub/sync', send('POST', {}))),
    disconnectHub: async () =>
      hubStatusSchema.parse(await client.json('/hub', { method: 'DELETE' })),
    hubConflicts: async () => hubConflictSchema.array().parse(await client.json('/hub/conflicts')),
    resolveHubConflict: async (id: number, keep: HubChoice) => {
      await client.json(`/hub/conflicts/${id}`, send('POST', { keep }));
    },
    hubLog: async (limit: number) =>
      peerLogEntrySchema.array().parse(await client.json(`/hub/log?limit=${limit}`)),
    importFile: async (
      file: Blob,
      request: ImportRequest,
      onProgress: (sent: number) => void,
    ): Promise<ImportAnswer> => {
      const { columns, skipBroken, ...rest } = request;
      const query = new URLSearchParams({ ...rest, dryRun: String(request.dryRun) });
      if (skipBroken) query.set('skipBroken', 'true');
      if (columns) query.set('columns', JSON.stringify(columns));
      return importAnswerSchema.parse(await client.upload(`/import?${query}`, file, onProgress));
    },
    exportFile: async (query: URLSearchParams): Promise<DownloadedFile> => {
      const response = await client.call(`/export?${query}`);
      const disposition = response.headers.get('content-disposition') ?? '';
      const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'calendar';
      return { name, blob: await response.blob() };
    },
  };
}

export const AdminApiContext = createContext<AdminApi | null>(null);

export function useAdminApi(): AdminApi {
  const api = useContext(AdminApiContext);
  if (!api) throw new Error('useAdminApi needs an AdminApiContext above it');
  return api;
}
