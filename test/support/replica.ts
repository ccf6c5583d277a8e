/**
 * Renderer replicas for tests: a Dexie database on its own fake IndexedDB, the repo, the sync
 * engine, and a transport to a real server that can be cut off (offline) or made to lose the
 * server's answer after the server applied a push (a duplicate delivery on retry).
 */
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { PushRequest, PushResponse } from '#shared/schemas/sync.ts';
import { MarqueeDB } from '#renderer/data/db.ts';
import { createReplica } from '#renderer/data/replica.ts';
import { tokenCredentials } from '#renderer/data/sync/credentials.ts';
import { OfflineError } from '#renderer/data/api/client.ts';
import { httpTransport, type Transport } from '#renderer/data/sync/transport.ts';
import { OWNER_TOKEN } from './test-server.ts';

export type Link = { url: string; online: boolean; loseNextPushAnswer: boolean };

/**
 * A transport to the test server through `link`. `onPushed` sees the server's real answer
 * before the link may lose it, so tests know everything the server applied.
 */
export function linkedTransport(
  link: Link,
  onPushed?: (request: PushRequest, response: PushResponse) => void,
): Transport {
  const http = httpTransport(
    () => link.url,
    tokenCredentials(() => Promise.resolve(OWNER_TOKEN)),
  );
  const guard = () => {
    if (!link.online) throw new OfflineError('test: offline');
  };
  return {
    async pull(...args) {
      guard();
      return http.pull(...args);
    },
    async push(request) {
      guard();
      const response = await http.push(request);
      onPushed?.(request, response);
      if (link.loseNextPushAnswer) {
        link.loseNextPushAnswer = false;
        throw new OfflineError('test: the answer was lost');
      }
      return response;
    },
    async stream(onPoke, signal) {
      guard();
      return http.stream(onPoke, signal);
    },
  };
}

export type ReplicaOptions = {
  factory?: IDBFactory;
  name?: string;
  transport?: Transport;
  onOtherCalendar?: (calendar: string) => void;
};

export function openReplica(link: Link, options: ReplicaOptions = {}) {
  const factory = options.factory ?? new IDBFactory();
  const name = options.name ?? `replica-${randomUUID()}`;
  const transport = options.transport ?? linkedTransport(link);
  const replica = createReplica({
    db: new MarqueeDB(name, { indexedDB: factory, IDBKeyRange }),
    transport,
    calendar: { timezone: 'UTC', defaultLanguage: 'en' },
    backoff: () => 20,
    pullLimit: 50,
    ...(options.onOtherCalendar && { onOtherCalendar: options.onOtherCalendar }),
  });
  return { ...replica, repo: replica.records, transport, factory, name };
}

export type Replica = ReturnType<typeof openReplica>;

/** Waits until `check` holds (polling), or fails after `ms`. */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  ms = 5000,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
