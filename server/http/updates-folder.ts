/**
 * `/updates/`: a hub's folder of installers and their update feed (latest*.yml), where the
 * venue's laptops' updaters look when they have no internet. Files only, as they are: byte
 * ranges (an interrupted download resumes; electron-updater asks for ranges), each installer's
 * own media type, the feed never cached (a new release is seen at the next check). No listing
 * of the folder, nothing outside it (a `..` is refused by `send`), no other method than GET and
 * HEAD: everything else falls through to the API's 404 envelope.
 *
 * Open to every caller, as a website's downloads are: the installers are the public release's,
 * and an updater sends no token.
 */
import { extname } from 'node:path';
import express, { type RequestHandler } from 'express';

/** The media types of what the feed lists; `send` knows none of the AppImage's or blockmap's. */
const MEDIA_TYPES: Record<string, string> = {
  '.yml': 'text/yaml; charset=utf-8',
  '.exe': 'application/vnd.microsoft.portable-executable',
  '.dmg': 'application/x-apple-diskimage',
  '.zip': 'application/zip',
  '.appimage': 'application/vnd.appimage',
  '.deb': 'application/vnd.debian.binary-package',
  '.blockmap': 'application/octet-stream',
};

export function updatesFolder(dir: string): RequestHandler {
  return express.static(dir, {
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    // A refusal (404, 403 for `..`) goes on to the API's own 404, not send's HTML page.
    fallthrough: true,
    setHeaders(res, path) {
      const extension = extname(path).toLowerCase();
      res.setHeader('Content-Type', MEDIA_TYPES[extension] ?? 'application/octet-stream');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // The feed names the newest release: always asked again. An installer's name carries
      // its version, so it never changes under the same name.
      res.setHeader('Cache-Control', extension === '.yml' ? 'no-cache' : 'public, max-age=86400');
    },
  });
}
