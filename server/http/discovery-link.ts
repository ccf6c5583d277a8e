/**
 * WordPress's API discovery (`rest_output_link_header`, `WP_REST_Server::serve_request`): every
 * answer, the editor's page as much as the API's, says where the API is with
 * `Link: <http://host/wp-json/>; rel="https://api.w.org/"`, so clients such as node-wpapi's
 * `WPAPI.discover(siteUrl)` find it from the site's address. The host is the request's (the
 * host guard has already vetted it); the link names the plain root, never a language root.
 */
import type { RequestHandler } from 'express';
import { apiUrlsFor } from './api-urls.ts';

const API_LINK_RELATION = 'https://api.w.org/';

export const discoveryLink: RequestHandler = (req, res, next) => {
  const root = apiUrlsFor(req, { style: 'pretty', language: undefined }).index();
  res.setHeader('Link', `<${root}>; rel="${API_LINK_RELATION}"`);
  next();
};
