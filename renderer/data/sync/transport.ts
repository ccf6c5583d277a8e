/**
 * The sync engine's line to the server: pull, push and the poke stream over HTTP, with the
 * caller's credentials. Network failures become OfflineError; a checkpoint the server can no
 * longer serve becomes ResetError; other refusals carry the API's error envelope.
 */
import {
  pullResponseSchema,
  pushResponseSchema,
  type PullResponse,
  type PushRequest,
  type PushResponse,
} from '#shared/schemas/sync.ts';
import { errorEnvelopeSchema, type ErrorEnvelope } from '#shared/tec/envelope.ts';
import { readEvents } from './stream.ts';

export class OfflineError extends Error {
  constructor(cause: unknown) {
    super('The Marquee server cannot be reached', { cause });
    this.name = 'OfflineError';
  }
}

export class ResetError extends Error {
  constructor() {
    super('The server can no longer update this replica from its checkpoint');
    this.name = 'ResetError';
  }
}

export class RefusedError extends Error {
  readonly envelope: ErrorEnvelope;
  constructor(envelope: ErrorEnvelope) {
    super(envelope.message);
    this.name = 'RefusedError';
    this.envelope = envelope;
  }
}

export type Transport = {
  pull(since: string, limit: number, clientId: string): Promise<PullResponse>;
  push(request: PushRequest): Promise<PushResponse>;
  /** Calls `onPoke` for every change the server announces, until `signal` aborts. */
  stream(onPoke: (seq: number) => void, signal: AbortSignal): Promise<void>;
};

/** Headers that identify the caller: a bearer token, or the session's CSRF token. */
export type Credentials = () => Promise<Record<string, string>>;

export function httpTransport(baseUrl: () => string, credentials: Credentials): Transport {
  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl()}/wp-json/marquee/v1${path}`, {
        ...init,
        credentials: 'same-origin',
        headers: {
          ...(await credentials()),
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new OfflineError(error);
    }
    if (response.status === 409) throw new ResetError();
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => ({}));
      const envelope = errorEnvelopeSchema.safeParse(body);
      throw new RefusedError(
        envelope.success
          ? envelope.data
          : {
              code: 'marquee_internal_error',
              message: `HTTP ${response.status}`,
              data: { status: response.status },
            },
      );
    }
    return response;
  }

  return {
    async pull(since, limit, clientId) {
      const query = new URLSearchParams({ since, limit: String(limit), clientId });
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
