/**
 * Paging of collections the TEC way: `rest_url` echoes the effective query, `next_rest_url`
 * and `previous_rest_url` appear only when that page exists (page 2's previous link has no
 * page parameter), totals go in the body and in X-TEC-Total / X-TEC-TotalPages. URLs are
 * built as TEC builds them, with WordPress's add_query_arg (wp-query-args.ts).
 */
import type { QueryValues } from './api-urls.ts';
import { addQueryArgs, removeQueryArg, withQuery } from './wp-query-args.ts';

type PageRequest = { page: number; perPage: number };

type PageLinks = {
  rest_url: string;
  next_rest_url?: string;
  previous_rest_url?: string;
  total: number;
  total_pages: number;
};

/**
 * Where a list is and what it echoes: `args` after page and per_page; `extra`, when the request
 * named one of them, added by a second add_query_arg (TEC's events add venue, organizer and
 * featured so, which writes the first ones encoded).
 */
export type ListUrl = { base: string; args: QueryValues; extra?: QueryValues };

const pages = (total: number, perPage: number) => Math.ceil(total / perPage);

/**
 * A page's query from another: its page replaced (none for page 1 of a previous link).
 * `without`: the query with its page removed (removeQueryArg), made once for both links.
 */
function pageOf(without: string, page: number | undefined): string {
  return page === undefined ? without : addQueryArgs(without, [['page', page]]);
}

/** Events, venues and organizers. */
export function pageLinks(request: PageRequest, total: number, list: ListUrl): PageLinks {
  const last = pages(total, request.perPage);
  let query = addQueryArgs('', [
    ['page', request.page],
    ['per_page', request.perPage],
    ...list.args,
  ]);
  if (list.extra) query = addQueryArgs(query, list.extra);
  const url = (at: string) => withQuery(list.base, at);
  const links: PageLinks = { rest_url: url(query), total, total_pages: last };
  const without = removeQueryArg(query, 'page');
  if (request.page < last) links.next_rest_url = url(pageOf(without, request.page + 1));
  if (request.page > 1 && request.page - 1 <= last)
    links.previous_rest_url = url(
      pageOf(without, request.page === 2 ? undefined : request.page - 1),
    );
  return links;
}

/**
 * Categories and tags: `rest_url` is the collection with its filters and no
 * page, the next page's URL adds `page`, and a previous one is given for any page past the
 * first, even past the end (TEC answers those with an empty 200).
 */
export function termPageLinks(request: PageRequest, total: number, list: ListUrl): PageLinks {
  const last = pages(total, request.perPage);
  const query = addQueryArgs('', list.args);
  const url = (at: string) => withQuery(list.base, at);
  const links: PageLinks = { rest_url: url(query), total, total_pages: last };
  const without = removeQueryArg(query, 'page');
  if (request.page < last) links.next_rest_url = url(pageOf(without, request.page + 1));
  if (request.page > 1)
    links.previous_rest_url = url(
      pageOf(without, request.page === 2 ? undefined : request.page - 1),
    );
  return links;
}

export function totalHeaders(links: PageLinks): Record<string, string> {
  return { 'X-TEC-Total': String(links.total), 'X-TEC-TotalPages': String(links.total_pages) };
}
