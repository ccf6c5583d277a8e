/**
 * `GET /{namespace}/doc`: TEC 6.17.2's OpenAPI 3.0 document (tec-doc.json, as a fresh real site
 * serves it), with this API's root as `servers[0].url`. TEC's document is fixed text, written
 * by hand in its plugin, not made from its routes (it documents `GET /events` but not the
 * create): clients and site builders that read it expect TEC's, so it is served as TEC wrote
 * it. Marquee's own arguments are described in the index (describe.ts).
 */
import type { RequestContext } from '../request-context.ts';
import type { Namespace } from './describe.ts';
import tecDoc from './tec-doc.json' with { type: 'json' };

/** TEC names the server by host without its port (measured: `http://127.0.0.1/wp-json/…`). */
function withoutPort(url: string): string {
  const parsed = new URL(url);
  parsed.port = '';
  return parsed.href;
}

export function openApiDocument(namespace: Namespace, context: RequestContext) {
  const { openapi, info, components, paths } = tecDoc;
  return {
    openapi,
    info,
    components,
    servers: [{ url: withoutPort(context.urls.root(namespace.name)) }],
    paths,
  };
}
