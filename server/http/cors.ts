/**
 * CORS: anonymous GET/HEAD from any origin, so browsers and site builders can read
 * the calendar, with the TEC totals headers exposed. Credentials (Authorization, cookies) and
 * writes only from origins listed in settings.allowedOrigins. Any other request from another
 * origin gets no CORS header at all: a POST's answer (the owner's session, a new token) is no
 * other page's to read.
 */
import cors, { type CorsOptions } from 'cors';
import type { Request, RequestHandler } from 'express';

// Link: WordPress's discovery header (discovery-link.ts), which a browser client must be able to read.
const EXPOSED = ['X-TEC-Total', 'X-TEC-TotalPages', 'ETag', 'Last-Modified', 'Link'];

const READS = new Set(['GET', 'HEAD']);

/** A GET or HEAD, or the preflight of one. */
function isPublicRead(req: Request): boolean {
  if (READS.has(req.method)) return true;
  const asked = req.get('access-control-request-method');
  return req.method === 'OPTIONS' && asked !== undefined && READS.has(asked.toUpperCase());
}

function optionsFor(origin: string | undefined, allowed: readonly string[]): CorsOptions {
  if (origin && allowed.includes(origin)) {
    return {
      origin,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      // X-HTTP-Method-Override: how @wordpress/api-fetch sends PUT, PATCH and DELETE.
      allowedHeaders: [
        'Authorization',
        'Content-Type',
        'X-WP-Nonce',
        'X-Marquee-CSRF',
        'X-HTTP-Method-Override',
      ],
      exposedHeaders: EXPOSED,
      maxAge: 600,
    };
  }
  return {
    origin: '*',
    methods: ['GET', 'HEAD'],
    allowedHeaders: [],
    exposedHeaders: EXPOSED,
    maxAge: 600,
  };
}

export function corsPolicy(allowedOrigins: () => readonly string[]): RequestHandler {
  const policy = cors(
    (req: Request, callback: (error: Error | null, options?: CorsOptions) => void) =>
      callback(null, optionsFor(req.get('origin'), allowedOrigins())),
  );
  return (req, res, next) => {
    const origin = req.get('origin');
    if (isPublicRead(req) || (origin !== undefined && allowedOrigins().includes(origin))) {
      policy(req, res, next);
      return;
    }
    // A preflight of anything else is still answered, allowing nothing.
    if (req.method === 'OPTIONS') res.status(204).end();
    else next();
  };
}
