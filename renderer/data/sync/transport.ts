/**
 * The sync engine's line to the server: the replica protocol's client (shared/sync/
 * replica-client.ts) over the API client (api/client.ts: credentials, OfflineError,
 * RefusedError). A refusal the protocol names (a lost checkpoint, another calendar at this
 * address) becomes its error.
 */
import { replicaLine, replicaRefusal, type ReplicaLine } from '#shared/sync/replica-client.ts';
import { createApiClient, RefusedError, type Credentials } from '../api/client.ts';

export type Transport = ReplicaLine<AbortSignal>;

export function httpTransport(baseUrl: () => string, credentials: Credentials): Transport {
  const client = createApiClient(baseUrl, credentials);
  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await client.call(path, init);
    } catch (error) {
      if (!(error instanceof RefusedError)) throw error;
      throw replicaRefusal(error.envelope.code, error.envelope.data) ?? error;
    }
  }

  return replicaLine(
    async (schema, path, body) => {
      const init = body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) };
      return schema.parse(await (await call(path, init)).json());
    },
    (signal) => call('/sync/stream', { signal }),
  );
}
