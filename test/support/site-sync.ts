/**
 * A Marquee calendar connected to the TEC site of this run (test/support/tec-site.ts), over
 * marquee/v1/site as the editor would: its own server and data directory, the site's user and
 * application password, no background schedule unless asked (the test says when to sync).
 */
import { expect } from 'vitest';
import type { SiteStatus } from '#shared/schemas/site.ts';
import type { SyncSummary } from '#shared/schemas/peer.ts';
import type { Logger } from '#server/logger.ts';
import type { PassHook } from '#server/peers/pass-points.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { adminRequest, tecSite, type TecUser } from './tec-site.ts';

export type ConnectedCalendar = TestServer & {
  /** One sync now (a full pass), its summary. */
  sync(): Promise<SyncSummary>;
  status(): Promise<SiteStatus>;
};

type CalendarOptions = {
  sitePollSeconds?: number;
  timezone?: string;
  siteHook?: PassHook;
  logger?: Logger;
};

export async function calendarFor(options: CalendarOptions = {}): Promise<TestServer> {
  // The real clock: the site's publication dates are of now, which a fixed clock would see as
  // ahead (scheduled).
  return startTestServer({
    overrides: { timezone: options.timezone ?? 'America/New_York' },
    sitePollSeconds: options.sitePollSeconds ?? 0,
    hubPollSeconds: 0,
    realClock: true,
    ...(options.siteHook && { siteHook: options.siteHook }),
    ...(options.logger && { logger: options.logger }),
  });
}

/** PUT /site with `confirm`: connects, and runs the first sync. */
export async function connect(
  server: TestServer,
  user: TecUser = 'admin',
  extra: Record<string, unknown> = {},
): Promise<{ status: number; body: unknown }> {
  const site = tecSite()!;
  const reply = await server.request('/wp-json/marquee/v1/site', {
    method: 'PUT',
    as: 'owner',
    json: {
      address: site.url,
      login: user,
      password: site.passwords[user],
      confirm: true,
      ...extra,
    },
  });
  return { status: reply.status, body: reply.body };
}

export async function connectedCalendar(
  options: CalendarOptions & { user?: TecUser; language?: string } = {},
): Promise<ConnectedCalendar> {
  const server = await calendarFor(options);
  const connected = await connect(
    server,
    options.user,
    options.language ? { language: options.language } : {},
  );
  expect(connected.status, JSON.stringify(connected.body)).toBe(200);
  return Object.assign(server, {
    async sync() {
      const reply = await server.request('/wp-json/marquee/v1/site/sync', {
        method: 'POST',
        as: 'owner',
        json: {},
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return (reply.body as { summary: SyncSummary }).summary;
    },
    async status() {
      const reply = await server.request('/wp-json/marquee/v1/site', { as: 'owner' });
      return reply.body as SiteStatus;
    },
  });
}

/** The site's modified time of each of these events (core's, which every change moves). */
export async function siteVersions(ids: readonly number[]): Promise<Record<number, string>> {
  const out: Record<number, string> = {};
  for (const id of ids) {
    const reply = await adminRequest(`wp/v2/tribe_events/${id}?context=edit&_fields=modified_gmt`);
    out[id] = String(reply.body.modified_gmt);
  }
  return out;
}
