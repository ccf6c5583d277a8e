/**
 * Route tables: each route has an Express path, the WordPress-style pattern shown in the
 * namespace index, guards for path parameters (`\d+` ids; a mismatch falls through to
 * rest_no_route as in WordPress) and endpoints with a zod schema of their arguments.
 */
import etag from 'etag';
import type { Request, Response, Router } from 'express';
import type { ResponseCache } from './response-cache.ts';
import type { z } from 'zod';
import { holdUntilDurable } from './durable-answers.ts';
import { contextOf, identifiedCaller, type RequestContext } from './request-context.ts';
import { validateParams } from '../domain/validate.ts';
import { requestParams } from './validate.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const EDITABLE: readonly Method[] = ['POST', 'PUT', 'PATCH'];

/**
 * An answer already written as JSON bytes (prepared parts joined): sent as it is, with the ETag
 * its maker derived from the parts' kept hashes, if any.
 */
export class JsonBytes {
  readonly bytes: Buffer;
  readonly etag: string | undefined;
  constructor(bytes: Buffer, etag?: string) {
    this.bytes = bytes;
    this.etag = etag;
  }
}

export type Reply = {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
  /** false: the answer depends on the clock ("now", "+1 week") and must not be kept. */
  cacheable?: boolean;
  /** The answer depends on the clock, but stays right until then (without a change). */
  keptUntil?: Date | undefined;
};

export type Endpoint = {
  methods: readonly Method[];
  args: z.ZodObject;
  /**
   * A Reply to send (later, for work done off the main thread), or undefined when the
   * endpoint answered itself (a stream).
   */
  run(req: Request, res: Response): Reply | Promise<Reply> | undefined;
  /**
   * A read answered only once every commit it may have seen is on disk (durable-answers.ts).
   * Writes always are.
   */
  afterDisk?: boolean;
  /**
   * Whether the caller may use this endpoint for this request's record: its permission check
   * alone, for the `Allow` header. A GET without one is public; a route with a write that has
   * none sends no `Allow`.
   */
  allows?: Allows;
};

export type Allows = (req: Request, context: RequestContext) => boolean;

export type RouteSpec = {
  path: string;
  pattern: string;
  guards?: Record<string, RegExp>;
  endpoints: Endpoint[];
  /** For /doc: the wire schema the route answers with, and the key of its list. */
  doc?: { schema: 'Event' | 'Venue' | 'Organizer' | 'Term'; list?: string };
};

export const ID = /^\d+$/;

/** An endpoint whose handler gets validated, typed parameters. */
export function endpoint<S extends z.ZodObject>(
  methods: readonly Method[],
  args: S,
  handle: (params: z.output<S>, context: RequestContext, req: Request) => Reply | Promise<Reply>,
  allows?: Allows,
): Endpoint {
  return {
    methods,
    args,
    run: (req, res) => handle(validateParams(args, requestParams(req)), contextOf(res), req),
    allows,
  };
}

/**
 * WordPress's `Allow` (rest_send_allow_header): every method of the matched route whose
 * permission check passes for this caller and this request, in the route's order; sent with
 * every answer of the route, errors included.
 */
function allowedMethods(route: RouteSpec, req: Request, res: Response): string | undefined {
  const methods: Method[] = [];
  for (const spec of route.endpoints) {
    if (!spec.allows && spec.methods.some((method) => method !== 'GET')) return undefined;
    if (!spec.allows || spec.allows(req, contextOf(res))) methods.push(...spec.methods);
  }
  return methods.length > 0 ? methods.join(', ') : undefined;
}

/** An endpoint that writes its own answer, e.g. a stream of server-sent events. */
export function streamEndpoint<S extends z.ZodObject>(
  methods: readonly Method[],
  args: S,
  handle: (params: z.output<S>, context: RequestContext, req: Request, res: Response) => void,
): Endpoint {
  return {
    methods,
    args,
    run: (req, res) => {
      handle(validateParams(args, requestParams(req)), contextOf(res), req, res);
      return undefined;
    },
  };
}

/**
 * Mounts the routes. Answers are serialised once, given a weak ETag (Express answers a matching
 * If-None-Match with 304) and, when cacheable, kept in the response cache: anonymous ones, and
 * a token's where `byToken` says the namespace's answers are made from the records, the
 * settings and the caller alone.
 */
export function mountRoutes(
  router: Router,
  routes: readonly RouteSpec[],
  options: {
    cache?: ResponseCache;
    byToken?: boolean;
    durable: () => Promise<void>;
    /**
     * Runs a write now, or once no write aside holds the database (a large file's import in
     * its thread: store/database.ts `whenWritable`), without holding this thread meanwhile.
     */
    whenWritable: <T>(work: () => T) => T | Promise<T>;
  },
): void {
  const { durable, whenWritable } = options;
  const keep = options.cache && { cache: options.cache, byToken: options.byToken ?? false };
  for (const route of routes) {
    for (const spec of route.endpoints) {
      for (const method of spec.methods) {
        router[method.toLowerCase() as Lowercase<Method>](route.path, (req, res, next) => {
          const guards = Object.entries(route.guards ?? {});
          if (guards.some(([name, pattern]) => !pattern.test(String(req.params[name]))))
            return next();
          const allow = allowedMethods(route, req, res);
          if (allow) res.set('Allow', allow);
          if (method !== 'GET' || spec.afterDisk) holdUntilDurable(res, next, durable);
          const answer = (reply: Reply | Promise<Reply> | undefined) => {
            if (!reply) return;
            if (reply instanceof Promise)
              reply.then((later) => sendReply(req, res, later, keep), next);
            else sendReply(req, res, reply, keep);
          };
          if (method === 'GET') return answer(spec.run(req, res));
          const run = whenWritable(() => spec.run(req, res));
          if (run instanceof Promise) run.then(answer, next);
          else answer(run);
        });
      }
    }
  }
}

/** A Reply as the answer (see mountRoutes). */
function sendReply(
  req: Request,
  res: Response,
  reply: Reply,
  keep: { cache: ResponseCache; byToken: boolean } | undefined,
) {
  const bytes = reply.body instanceof JsonBytes ? reply.body : undefined;
  const body = bytes?.bytes ?? Buffer.from(JSON.stringify(reply.body));
  const tag = bytes?.etag ?? etag(body, { weak: true });
  res.status(reply.status ?? 200);
  res.set({ ...reply.headers, 'Content-Type': 'application/json; charset=utf-8', ETag: tag });
  if (keep && res.statusCode === 200 && reply.cacheable !== false) {
    keep.cache.store(
      req,
      { url: req.originalUrl, headers: res.getHeaders(), body, etag: tag, until: reply.keptUntil },
      { caller: identifiedCaller(res), byToken: keep.byToken },
    );
  }
  res.send(body);
}
