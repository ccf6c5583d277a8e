/**
 * Route tables: each route has an Express path, the WordPress-style pattern shown in the
 * namespace index, guards for path parameters (`\d+` ids; a mismatch falls through to
 * rest_no_route as in WordPress) and endpoints with a zod schema of their arguments.
 */
import type { Request, Response, Router } from 'express';
import type { z } from 'zod';
import { contextOf, type RequestContext } from './request-context.ts';
import { requestParams, validateParams } from './validate.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const EDITABLE: readonly Method[] = ['POST', 'PUT', 'PATCH'];

export type Reply = { status?: number; body: unknown; headers?: Record<string, string> };

export type Endpoint = {
  methods: readonly Method[];
  args: z.ZodObject;
  run(req: Request, res: Response): Reply;
};

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
  handle: (params: z.output<S>, context: RequestContext, req: Request) => Reply,
): Endpoint {
  return {
    methods,
    args,
    run: (req, res) => handle(validateParams(args, requestParams(req)), contextOf(res), req),
  };
}

export function mountRoutes(router: Router, routes: readonly RouteSpec[]): void {
  for (const route of routes) {
    for (const spec of route.endpoints) {
      for (const method of spec.methods) {
        router[method.toLowerCase() as Lowercase<Method>](route.path, (req, res, next) => {
          const guards = Object.entries(route.guards ?? {});
          if (guards.some(([name, pattern]) => !pattern.test(String(req.params[name]))))
            return next();
          const reply = spec.run(req, res);
          res.status(reply.status ?? 200);
          if (reply.headers) res.set(reply.headers);
          res.json(reply.body);
        });
      }
    }
  }
}
