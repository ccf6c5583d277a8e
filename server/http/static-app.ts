/**
 * Serves the built renderer (the editor) at `/`, with a strict Content-Security-Policy. The
 * bundle's file names carry content hashes, so assets are cached for good; index.html never.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type RequestHandler, Router } from 'express';
import helmet from 'helmet';

export function staticApp(staticDir: string | undefined): Router {
  const router = Router();
  router.use(
    helmet({
      // Plain HTTP on this machine: HSTS would mean nothing here and could pin localhost to https.
      strictTransportSecurity: false,
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'https:', 'http:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          connectSrc: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
    }),
  );
  if (!staticDir || !existsSync(join(staticDir, 'index.html'))) {
    router.get('/', notBuilt);
    return router;
  }
  router.use(
    '/assets',
    express.static(join(staticDir, 'assets'), { immutable: true, maxAge: '1y' }),
  );
  router.use(express.static(staticDir, { index: 'index.html', maxAge: 0 }));
  return router;
}

const notBuilt: RequestHandler = (_req, res) => {
  res
    .status(503)
    .type('text/plain')
    .send(
      'The Marquee editor is not built. Run `npm run build` (npm run serve does it for you).\n',
    );
};
