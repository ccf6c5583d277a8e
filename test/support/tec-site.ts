/**
 * The real WordPress + TEC site the `site` project's tests talk to (tec-site-setup.ts starts it
 * once per run), and small helpers to speak to it as one of its users.
 */
import { inject } from 'vitest';

export type TecUser = 'admin' | 'editor1' | 'author1' | 'contributor1';

export type TecSite = {
  url: string;
  /** Where the site lives (its logs are under run/). */
  dir: string;
  /** Each user's application password (HTTP Basic as `login:password`). */
  passwords: Record<TecUser, string>;
};

declare module 'vitest' {
  // Declaration merging, which a type alias cannot do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    tecSite: TecSite | null;
  }
}

/** The site of this run, or null when ../shared/tec-site is absent (the tests skip). */
export const tecSite = (): TecSite | null => inject('tecSite');

/** HTTP Basic credentials of a site user. */
export function basicAuth(site: TecSite, user: TecUser): string {
  return `Basic ${Buffer.from(`${user}:${site.passwords[user]}`).toString('base64')}`;
}

/** A request to the site's REST API (`path` from `/wp-json/`), as `user` when given. */
export async function siteRequest(
  site: TecSite,
  path: string,
  init: { method?: string; body?: unknown; as?: TecUser } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (init.as) headers.authorization = basicAuth(site, init.as);
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const reply = await fetch(`${site.url}/wp-json/${path.replace(/^\//, '')}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  const text = await reply.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (an HTML error page): the text as it came.
  }
  return { status: reply.status, body, headers: reply.headers };
}
