/**
 * The real WordPress + TEC site the `site` project's tests talk to (tec-site-setup.ts starts it
 * once per run), and small helpers to speak to it as one of its users.
 */
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { SiteUser, StartedSite } from '../../scripts/tec-site.ts';

export type TecUser = SiteUser;

/** A site as the tests get it: plain data, without the `stop` the setup keeps. */
export type TecSite = Omit<StartedSite, 'stop'>;

declare module 'vitest' {
  // Declaration merging, which a type alias cannot do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    tecSite: TecSite | null;
    tecCompareSite: TecSite | null;
  }
}

/** The site of this run, or null when ../shared/tec-site is absent (the tests skip). */
export const tecSite = (): TecSite | null => inject('tecSite');

/**
 * A second site of this run that only the comparison with TEC writes to: its scenarios read the
 * whole site's lists and expect only their own records there, while the sync's tests fill the
 * first site with theirs.
 */
export const tecCompareSite = (): TecSite | null => inject('tecCompareSite');

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

export type Json = Record<string, unknown>;
export type TecEventJson = Json & {
  id: number;
  modified_utc: string;
  status: string;
  slug: string;
};

/** A short random mark that keeps a case's records apart from every other case's. */
export const mark = (): string => randomUUID().slice(0, 8);

/** Times of an event that has not happened yet, and of one that has. */
export const whenUpcoming = { start_date: '2027-03-04 19:00:00', end_date: '2027-03-04 21:00:00' };
export const whenPast = { start_date: '2024-03-04 19:00:00', end_date: '2024-03-04 21:00:00' };

/** A request as the site's administrator, its body as a JSON object. */
export async function adminRequest(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: Json }> {
  const reply = await siteRequest(siteOfRun(), path, { ...init, as: 'admin' });
  return { status: reply.status, body: reply.body as Json };
}

/** An event made through TEC's API by the administrator (201 expected). */
export async function createTecEvent(fields: Json): Promise<TecEventJson> {
  const reply = await adminRequest('tribe/events/v1/events', { body: fields });
  if (reply.status !== 201) throw new Error(`${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body as TecEventJson;
}

/**
 * The ids a TEC event list answers, every page of it. The pages are asked with the query as
 * given, not by TEC's `next_rest_url`: that link adds `status=any`, which TEC itself then
 * refuses (400 rest_invalid_param) on a list without a status of its own.
 */
export async function tecIds(query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const path = `tribe/events/v1/events?${query}&page=${page}`;
    const reply = await adminRequest(path);
    // TEC counts events it does not list (hidden ones), so a page it announces may hold
    // nothing: it answers 404 event-archive-page-not-found, the end of the list.
    if (reply.status === 404) break;
    if (reply.status !== 200)
      throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    ids.push(...(reply.body.events as TecEventJson[]).map((event) => event.id));
    if (page >= Number(reply.body.total_pages ?? 1)) break;
  }
  return ids;
}

function siteOfRun(): TecSite {
  const site = tecSite();
  if (!site) throw new Error('no TEC site in this run');
  return site;
}
