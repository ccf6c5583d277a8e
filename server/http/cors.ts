/**
 * CORS: anonymous GET/HEAD from any origin, so browsers and site builders can read
 * the calendar, with the TEC totals headers exposed. Credentials (Authorization, cookies) and
 * writes only from origins listed in settings.allowedOrigins.
 */
import cors, { type CorsOptions } from 'cors';
import type { Request, RequestHandler } from 'express';

// Link: WordPress's discovery header (discovery-link.ts), which a browser client must be able to read.
const EXPOSED = ['X-TEC-Total', 'X-TEC-TotalPages', 'ETag', 'Last-Modified', 'Link'];

export function corsPolicy(allowedOrigins: () => readonly string[]): RequestHandler {
  return cors((req: Request, callback: (error: Error | null, options?: CorsOptions) => void) => {
    const origin = req.get('origin');
    if (origin && allowedOrigins().includes(origin)) {
      callback(null, {
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
      });
      return;
    }
    callback(null, {
      origin: '*',
      methods: ['GET', 'HEAD'],
      allowedHeaders: [],
      exposedHeaders: EXPOSED,
      maxAge: 600,
    });
  });
}
