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

/**
 * Who the caller is: headers that identify it (a bearer token, or the session's CSRF token),
 * and, for sessions, a way to start over when the server no longer knows the session.
 */
export type Credentials = {
  headers(): Promise<Record<string, string>>;
  renew?(): void;
};

/** The API's error envelope of a refused response (or one made up from its status). */
export async function refusalOf(response: Response): Promise<RefusedError> {
  const body: unknown = await response.json().catch(() => ({}));
  const envelope = errorEnvelopeSchema.safeParse(body);
  return new RefusedError(
    envelope.success
      ? envelope.data
      : {
          code: 'marquee_internal_error',
          message: `HTTP ${response.status}`,
          data: { status: response.status },
        },
  );
}

/** fetch, with "cannot reach the server" as OfflineError (an abort stays an abort). */
export async function reach(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { credentials: 'same-origin', ...init });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new OfflineError(error);
  }
}

export function httpTransport(baseUrl: () => string, credentials: Credentials): Transport {
  async function call(path: string, init: RequestInit = {}, renewed = false): Promise<Response> {
    const response = await reach(`${baseUrl()}/wp-json/marquee/v1${path}`, {
      ...init,
      headers: {
        ...(await credentials.headers()),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    if (response.status === 409) throw new ResetError();
    // A session the server forgot (it restarted): open a new one and ask once more.
    if ((response.status === 401 || response.status === 403) && credentials.renew && !renewed) {
      credentials.renew();
      return call(path, init, true);
    }
    if (!response.ok) throw await refusalOf(response);
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
