/**
 * The editor's line to its server's own API (`marquee/v1`, and `wp/v2` for who the caller is),
 * with the caller's credentials:
 * network failures become OfflineError, refusals RefusedError with the API's error envelope,
 * and a session the server forgot (it restarted) is opened again once.
 */
import { errorEnvelopeSchema, type ErrorEnvelope } from '#shared/tec/envelope.ts';

export class OfflineError extends Error {
  constructor(cause: unknown) {
    super('The Marquee server cannot be reached', { cause });
    this.name = 'OfflineError';
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

export type ApiClient = {
  /** Calls `<namespace><path>`; resolves with the response when the server accepted. */
  call(path: string, init?: RequestInit): Promise<Response>;
  /** A JSON body to send, or to read back. */
  json<T>(path: string, init?: RequestInit & { body?: string }): Promise<T>;
  /** POSTs a file as the raw body, telling how much is sent (0 to 1); resolves with the JSON answer. */
  upload(path: string, file: Blob, onProgress: (sent: number) => void): Promise<unknown>;
};

type Answer = { status: number; text: string };

/** XMLHttpRequest, because fetch cannot report how much of an upload is sent. */
function post(
  url: string,
  headers: Record<string, string>,
  file: Blob,
  onProgress: (sent: number) => void,
) {
  return new Promise<Answer>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, text: request.responseText });
    request.onerror = () =>
      reject(new OfflineError(new Error('the upload did not reach the server')));
    request.send(file);
  });
}

/** `namespace`: the REST namespace called, the server's own (`marquee/v1`) unless said. */
export function createApiClient(
  baseUrl: () => string,
  credentials: Credentials,
  namespace = 'marquee/v1',
): ApiClient {
  async function call(path: string, init: RequestInit = {}, renewed = false): Promise<Response> {
    const response = await reach(`${baseUrl()}/wp-json/${namespace}${path}`, {
      ...init,
      headers: {
        ...(await credentials.headers()),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    if ((response.status === 401 || response.status === 403) && credentials.renew && !renewed) {
      credentials.renew();
      return call(path, init, true);
    }
    if (!response.ok) throw await refusalOf(response);
    return response;
  }
  async function upload(
    path: string,
    file: Blob,
    onProgress: (sent: number) => void,
    renewed = false,
  ): Promise<unknown> {
    const url = `${baseUrl()}/wp-json/${namespace}${path}`;
    const answer = await post(url, await credentials.headers(), file, onProgress);
    if ((answer.status === 401 || answer.status === 403) && credentials.renew && !renewed) {
      credentials.renew();
      return upload(path, file, onProgress, true);
    }
    // A refusal first: its body may not be JSON (a proxy's page), and refusalOf copes with that.
    if (answer.status >= 400)
      throw await refusalOf(new Response(answer.text, { status: answer.status }));
    return JSON.parse(answer.text || '{}') as unknown;
  }
  return {
    upload: (path, file, onProgress) => upload(path, file, onProgress),
    call: (path, init) => call(path, init),
    json: async <T>(path: string, init?: RequestInit) =>
      (await (await call(path, init)).json()) as T,
  };
}
