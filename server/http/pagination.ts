/**
 * Paging of collections the TEC way: `rest_url` echoes the effective query, `next_rest_url`
 * and `previous_rest_url` appear only when that page exists (page 2's previous link has no
 * page parameter), totals go in the body and in X-TEC-Total / X-TEC-TotalPages.
 */
import type { QueryValues } from './api-urls.ts';

type PageRequest = { page: number; perPage: number };

type PageLinks = {
  rest_url: string;
  next_rest_url?: string;
  previous_rest_url?: string;
  total: number;
  total_pages: number;
};

function totalPages(total: number, perPage: number): number {
  return Math.ceil(total / perPage);
}

/** `url(query)` builds the collection URL; `filters` are echoed after page and per_page. */
export function pageLinks(
  request: PageRequest,
  total: number,
  url: (query: QueryValues) => string,
  filters: QueryValues,
): PageLinks {
  const pages = totalPages(total, request.perPage);
  const at = (page: number | undefined) =>
    url([['page', page], ['per_page', request.perPage], ...filters]);
  const links: PageLinks = { rest_url: at(request.page), total, total_pages: pages };
  if (request.page < pages) links.next_rest_url = at(request.page + 1);
  if (request.page > 1 && request.page - 1 <= pages) {
    links.previous_rest_url = at(request.page === 2 ? undefined : request.page - 1);
  }
  return links;
}

export function totalHeaders(links: PageLinks): Record<string, string> {
  return { 'X-TEC-Total': String(links.total), 'X-TEC-TotalPages': String(links.total_pages) };
}
