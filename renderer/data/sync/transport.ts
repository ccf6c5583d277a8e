/**
 * The sync engine's line to the server: pull, push and the poke stream over the API client
 * (api/client.ts: credentials, OfflineError, RefusedError). A checkpoint the server can no
 * longer serve becomes ResetError; a server that now holds another calendar, OtherCalendarError.
 */
import {
  pullResponseSchema,
  pushResponseSchema,
  type PullResponse,
  type PushRequest,
  type PushResponse,
} from '#shared/schemas/sync.ts';
import { createApiClient, RefusedError, type Credentials } from '../api/client.ts';
import { readEvents } from '#shared/sync/server-events.ts';

export class ResetError extends Error {
  constructor() {
    super('The server can no longer update this replica from its checkpoint');
    this.name = 'ResetError';
  }
}

/** The server at the replica's address now holds another calendar: the one named here. */
export class OtherCalendarError extends Error {
  readonly calendar: string;
  constructor(calendar: string) {
    super('The server at this address holds another calendar than this replica mirrors');
    this.name = 'OtherCalendarError';
    this.calendar = calendar;
  }
}

export type Transport = {
  /** `calendar`: the one the replica mirrors, once it knows (the server refuses another). */
  pull(since: string, limit: number, clientId: string, calendar?: string): Promise<PullResponse>;
  push(request: PushRequest): Promise<PushResponse>;
  /** Calls `onPoke` for every change the server announces, until `signal` aborts. */
  stream(onPoke: (seq: number) => void, signal: AbortSignal): Promise<void>;
};

export function httpTransport(baseUrl: () => string, credentials: Credentials): Transport {
  const client = createApiClient(baseUrl, credentials);
  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await client.call(path, init);
    } catch (error) {
      if (!(error instanceof RefusedError)) throw error;
      const { code, data } = error.envelope;
      if (code === 'marquee_sync_reset') throw new ResetError();
      if (code === 'marquee_sync_other_calendar' && typeof data.calendar === 'string')
        throw new OtherCalendarError(data.calendar);
      throw error;
    }
  }

  return {
    async pull(since, limit, clientId, calendar) {
      const query = new URLSearchParams({ since, limit: String(limit), clientId });
      if (calendar) query.set('calendar', calendar);
      return pullResponseSchema.parse(await (await call(`/sync/pull?${query.toString()}`)).json());
    },
    async push(request) {
      return pushResponseSchema.parse(
        await (await call('/sync/push', { method: 'POST', body: JSON.stringify(request) })).json(),
      );
    },
    async stream(onPoke, signal) {
      const response = await call('/sync/stream', { signal });
      if (!response.body) return;
      for await (const event of readEvents(response.body, signal)) {
        if (event.type !== 'change' && event.type !== 'hello') continue;
        const seq = (JSON.parse(event.data) as { seq?: unknown }).seq;
        if (typeof seq === 'number') onPoke(seq);
      }
    },
  };
}
