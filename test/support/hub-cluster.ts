/**
 * A hub and its laptops for the hub sync's tests: each its own `marquee serve`
 * process over its own data directory, as a venue runs them. The tests edit each through its
 * own replica protocol (as the editor does), connect the laptops over HTTP, and read every
 * record of each back to compare them field for field.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { KINDS } from '#shared/kinds/registry.ts';
import { pullResponseSchema, pushResponseSchema, type PushResponse } from '#shared/schemas/sync.ts';
import { serveCli, type CliServer } from './cli-process.ts';

export const ADMIN = 'hub-test-admin-token';

export type Json = Record<string, unknown>;

export type Node = {
  name: string;
  dataDir: string;
  server: CliServer;
  url: string;
  api(
    path: string,
    init?: { method?: string; json?: unknown; token?: string },
  ): Promise<{ status: number; body: Json }>;
  /** Pushes mutations as this calendar's editor would (its own client id). */
  edit(mutations: unknown[]): Promise<PushResponse>;
};

const nodes: Node[] = [];
const dirs: string[] = [];

export async function startNode(
  name: string,
  options: {
    dataDir?: string;
    env?: NodeJS.ProcessEnv;
    host?: string;
    port?: string;
    /** The calendar's zone as a start flag; null: none, a calendar nobody has set up yet. */
    timezone?: string | null;
  } = {},
): Promise<Node> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), `marquee-hub-${name}-`));
  if (!options.dataDir) dirs.push(dataDir);
  const server = await serveCli(
    [
      '--data',
      dataDir,
      '--admin-token',
      ADMIN,
      ...(options.timezone === null ? [] : ['--timezone', options.timezone ?? 'Europe/Berlin']),
      ...(options.host ? ['--host', options.host] : []),
      ...(options.port ? ['--port', options.port] : []),
    ],
    {
      MARQUEE_SITE_POLL_SECONDS: '0',
      ...options.env,
    },
  );
  const clientId = `editor-${name}-${randomUUID().slice(0, 8)}`;
  let mutationId = Date.now();
  const node: Node = {
    name,
    dataDir,
    server,
    url: server.url,
    async api(path, init = {}) {
      const reply = await fetch(`${server.url}/wp-json/${path}`, {
        method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
        headers: {
          authorization: `Bearer ${init.token ?? ADMIN}`,
          'content-type': 'application/json',
        },
        ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
      });
      return { status: reply.status, body: (await reply.json()) as Json };
    },
    async edit(mutations) {
      // An editor that has this server's latest version: its base is the newest revision.
      const numbered = mutations.map((mutation) => ({
        baseRev: (mutation as Json).op === 'create' ? 0 : Number.MAX_SAFE_INTEGER,
        ...(mutation as Json),
        mutationId: (mutationId += 1),
      }));
      const reply = await node.api('marquee/v1/sync/push', {
        json: { clientId, mutations: numbered },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return pushResponseSchema.parse(reply.body);
    },
  };
  nodes.push(node);
  return node;
}

/** Stops a node dead (kill -9), as a power cut would. */
export async function kill(node: Node): Promise<void> {
  node.server.process.kill('SIGKILL');
  await node.server.exit;
}

export async function stopAll(): Promise<void> {
  for (const node of nodes.splice(0)) {
    if (node.server.process.exitCode === null && node.server.process.signalCode === null) {
      node.server.process.kill('SIGKILL');
      await node.server.exit;
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A token for a laptop, made on the hub (as `marquee token create --role editor`). */
export async function tokenOn(hub: Node, name: string): Promise<{ id: number; token: string }> {
  const reply = await hub.api('marquee/v1/tokens', { json: { name, role: 'editor' } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return { id: reply.body.id as number, token: reply.body.token as string };
}

export async function connect(laptop: Node, hub: Node, token: string): Promise<Json> {
  const reply = await laptop.api('marquee/v1/hub', {
    method: 'PUT',
    json: { address: hub.url, token, confirm: true },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

export async function hubSync(laptop: Node): Promise<Json> {
  const reply = await laptop.api('marquee/v1/hub/sync', { json: {} });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.summary as Json;
}

/** What differs between servers by nature: their own ids, revisions, stamps and users. */
const OWN = new Set(['id', 'rev', 'created', 'modified', 'author', 'statusBeforeTrash']);

/** Every record of a node, by uuid, without what each server keeps its own. */
export async function contents(node: Node): Promise<Record<string, Record<string, Json>>> {
  const all: Record<string, Record<string, Json>> = Object.fromEntries(
    KINDS.map((kind) => [kind, {}]),
  );
  for (let since = '0'; ;) {
    const reply = await node.api(`marquee/v1/sync/pull?since=${since}&limit=5000`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const page = pullResponseSchema.parse(reply.body);
    for (const kind of KINDS)
      for (const record of page.records[kind] as Json[])
        all[kind]![record.uuid as string] = Object.fromEntries(
          Object.entries(record).filter(([key]) => !OWN.has(key)),
        );
    since = page.checkpoint;
    if (!page.more) break;
  }
  return all;
}

/** Waits until `check` holds (it throws until then), up to `ms`. */
export async function eventually<T>(check: () => Promise<T>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
