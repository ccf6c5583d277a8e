/** Helpers for sync tests: typed pull and push over HTTP. */
import { expect } from 'vitest';
import {
  pullResponseSchema,
  pushResponseSchema,
  type PullResponse,
  type PushResponse,
} from '#shared/schemas/sync.ts';
import type { Caller, TestServer } from './test-server.ts';

export async function pull(
  server: TestServer,
  since = '0',
  options: { limit?: number; clientId?: string; as?: Caller } = {},
): Promise<PullResponse> {
  const query = new URLSearchParams({
    since,
    ...(options.limit ? { limit: String(options.limit) } : {}),
    ...(options.clientId ? { clientId: options.clientId } : {}),
  });
  const reply = await server.request(`/wp-json/marquee/v1/sync/pull?${query.toString()}`, {
    as: options.as ?? 'editor',
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return pullResponseSchema.parse(reply.body);
}

export async function push(
  server: TestServer,
  clientId: string,
  mutations: unknown[],
  as: Caller = 'editor',
): Promise<PushResponse> {
  const reply = await server.request('/wp-json/marquee/v1/sync/push', {
    as,
    json: { clientId, mutations },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return pushResponseSchema.parse(reply.body);
}
