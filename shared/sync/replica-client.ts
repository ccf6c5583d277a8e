/**
 * The replica protocol's client (shared/schemas/sync.ts), once for every replica: the editor's
 * copy in the browser (IndexedDB, renderer/data/sync/) and a laptop's copy of its hub (SQLite,
 * server/peers/hub/). What a replica does with a page (rebase unsent edits, or merge three ways)
 * is its own; how pages are asked for, which calendar is named, what a lost checkpoint or
 * another calendar at the same address means, and which mutations a push is done with are the
 * protocol's, written here.
 */
import type { z } from 'zod';
import {
  pullResponseSchema,
  pushResponseSchema,
  type Mutation,
  type PullResponse,
  type PushResponse,
  type PushResult,
} from '../schemas/sync.ts';
import { readEvents } from './server-events.ts';

/** The server can no longer answer from this checkpoint (it purged old deletions). */
export class ReplicaResetError extends Error {
  constructor() {
    super('The server can no longer update this replica from its checkpoint');
    this.name = 'ReplicaResetError';
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

/** The protocol's meaning of a refusal, or undefined when it is an ordinary one. */
export function replicaRefusal(code: unknown, data: unknown): Error | undefined {
  if (code === 'marquee_sync_reset') return new ReplicaResetError();
  const calendar = (data as { calendar?: unknown } | undefined)?.calendar;
  if (code === 'marquee_sync_other_calendar' && typeof calendar === 'string')
    return new OtherCalendarError(calendar);
  return undefined;
}

/**
 * One request to the server's `marquee/v1` (`path` below it), sent as each side sends them
 * (its credentials, its timeouts, its words for a failure); a body makes it a POST. Answers the
 * JSON checked by `schema`; a refusal the protocol names throws `replicaRefusal`'s error.
 */
export type ProtocolCall = <S extends z.ZodType>(
  schema: S,
  path: string,
  body?: unknown,
) => Promise<z.output<S>>;

export type PullQuery = { since: string; limit: number; clientId: string; calendar?: string };

/** The platform's AbortSignal (the browser's or Node's), named by what is used of it. */
type Signal = { readonly aborted: boolean };

export type ReplicaLine<S extends Signal = Signal> = {
  pull(query: PullQuery): Promise<PullResponse>;
  push(request: {
    clientId: string;
    calendar?: string;
    mutations: Mutation[];
  }): Promise<PushResponse>;
  /** Calls `onPoke` for every change the server announces (and once as it starts), until `signal` aborts. */
  stream(onPoke: () => void, signal: S): Promise<void>;
};

/** The stream's response: a body of server-sent events, or why there is none. */
type OpenStream<S extends Signal> = (signal: S) => Promise<{
  body: Parameters<typeof readEvents>[0] | null;
}>;

export function replicaLine<S extends Signal>(
  call: ProtocolCall,
  openStream: OpenStream<S>,
): ReplicaLine<S> {
  return {
    pull({ since, limit, clientId, calendar }) {
      const query = Object.entries({ since, limit: String(limit), clientId, calendar })
        .filter((entry): entry is [string, string] => entry[1] !== undefined)
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
      return call(pullResponseSchema, `/sync/pull?${query.join('&')}`);
    },
    push(request) {
      return call(pushResponseSchema, '/sync/push', request);
    },
    async stream(onPoke, signal) {
      const { body } = await openStream(signal);
      if (!body) return;
      for await (const event of readEvents(body, signal))
        if (event.type === 'change' || event.type === 'hello') onPoke();
    },
  };
}

/** What a replica keeps of the protocol, and how it takes a page. */
export type ReplicaStore = {
  /** Where the last pull this replica kept ended ('0' before the first). */
  checkpoint(): Promise<string> | string;
  /** The calendar this replica mirrors; undefined before its first pull. */
  mirrored(): Promise<string | undefined> | string | undefined;
  /**
   * Writes one page: its records and tombstones, and, when nothing of it waits for a later
   * page, the checkpoint it ends at and the calendar it came from.
   */
  take(page: PullResponse): Promise<void> | void;
  /** The server lost this replica's checkpoint: what it drops before everything comes again. */
  restart(): Promise<void> | void;
};

/**
 * Pulls every page since the replica's checkpoint, the next page asked for while this one is
 * written (the server and the replica's store work at once). A checkpoint the server lost
 * restarts the replica once, from 0. Answers the checkpoint the last page ended at.
 */
export async function pullAll(
  line: Pick<ReplicaLine, 'pull'>,
  store: ReplicaStore,
  options: { clientId: string; limit: number },
): Promise<string> {
  try {
    return await pullPages(line, store, options);
  } catch (error) {
    if (!(error instanceof ReplicaResetError) || (await store.checkpoint()) === '0') throw error;
    await store.restart();
    return pullPages(line, store, options);
  }
}

async function pullPages(
  line: Pick<ReplicaLine, 'pull'>,
  store: ReplicaStore,
  { clientId, limit }: { clientId: string; limit: number },
): Promise<string> {
  const calendar = await store.mirrored();
  const ask = (since: string, named: string | undefined) =>
    line.pull({ since, limit, clientId, ...(named && { calendar: named }) });
  let next = ask(await store.checkpoint(), calendar);
  for (;;) {
    const page = await next;
    if (page.more) {
      next = ask(page.checkpoint, calendar ?? page.calendar);
      next.catch(() => undefined); // Seen by the next turn; not unhandled if this write fails.
    }
    await store.take(page);
    if (!page.more) return page.checkpoint;
  }
}

/**
 * What a push answered for each mutation sent: `done` holds those the server is done with (its
 * result, or undefined when it applied them before and no longer keeps the answer); the others
 * it did not reach, and go again.
 */
export type PushOutcome = {
  done: Map<number, PushResult | undefined>;
  /** The client's last mutation the server is done with: those up to it never go again. */
  through: number;
  checkpoint: string;
};

export async function pushMutations(
  line: Pick<ReplicaLine, 'push'>,
  request: { clientId: string; calendar?: string | undefined; mutations: Mutation[] },
): Promise<PushOutcome> {
  const { calendar, ...rest } = request;
  const response = await line.push({ ...rest, ...(calendar && { calendar }) });
  const results = new Map(response.results.map((result) => [result.mutationId, result]));
  const done = new Map<number, PushResult | undefined>();
  for (const { mutationId } of request.mutations)
    if (mutationId <= response.lastMutationId) done.set(mutationId, results.get(mutationId));
  return { done, through: response.lastMutationId, checkpoint: response.checkpoint };
}
