/**
 * The site's lists, page by page: core's (100 a page, until a short one) and TEC's (the first
 * page says how many there are, the rest are asked together), each with the time the site
 * answered (a row's version is judged by it: tec-wire.ts postVersion).
 */
import { type PostKind } from '#shared/kinds/registry.ts';
import type { TecHttp } from './tec-http.ts';
import { pastLast, unexpected, type Row } from './tec-read-parts.ts';
import { CORE_PAGE, TEC_LIST_KEY, TEC_PAGE, TEC_ROUTE } from './tec-routes.ts';

export type Page = { rows: Row[]; answeredAt: number };

export function createTecPages(http: TecHttp) {
  /** A core list's rows, and when the site answered. */
  async function rows(path: string): Promise<Page> {
    const answer = await http.get(path);
    // A page past the last (a list of exactly 100, 200… records): WordPress answers 400.
    if (answer.status === 400 && /[?&]page=([2-9]|\d\d+)/.test(path) && pastLast(answer.body))
      return { rows: [], answeredAt: answer.answeredAt };
    if (answer.status !== 200 || !Array.isArray(answer.body)) throw unexpected(path, answer.status);
    return { rows: answer.body as Row[], answeredAt: answer.answeredAt };
  }

  /** Every page of a core list (100 a page, until a short one); answered as its first page. */
  async function corePages(path: string): Promise<Page> {
    const all: Row[] = [];
    let answeredAt = Infinity;
    for (let page = 1; ; page += 1) {
      const batch = await rows(`${path}&per_page=${CORE_PAGE}&page=${page}`);
      all.push(...batch.rows);
      answeredAt = Math.min(answeredAt, batch.answeredAt);
      if (batch.rows.length < CORE_PAGE) return { rows: all, answeredAt };
    }
  }

  /**
   * Every page of a TEC list: the first says how many there are, the rest go together. Its time
   * is its earliest page's (the surest for postVersion: a row is never older than that).
   */
  async function tecPages(kind: PostKind, query: string): Promise<Page> {
    const path = (page: number) => `${TEC_ROUTE[kind]}?${query}&per_page=${TEC_PAGE}&page=${page}`;
    const first = await http.get(path(1));
    if (first.status === 404) return { rows: [], answeredAt: first.answeredAt }; // TEC's empty list
    const body = first.body as Record<string, unknown>;
    if (first.status !== 200 || !Array.isArray(body[TEC_LIST_KEY[kind]]))
      throw unexpected(path(1), first.status);
    const pages = Number(body.total_pages ?? 1);
    const rest = await Promise.all(
      Array.from({ length: Math.max(0, pages - 1) }, async (_, index) => {
        const answer = await http.get(path(index + 2));
        return answer.status === 200
          ? ((answer.body as Record<string, unknown>)[TEC_LIST_KEY[kind]] as Row[])
          : [];
      }),
    );
    return {
      rows: [...(body[TEC_LIST_KEY[kind]] as Row[]), ...rest.flat()],
      answeredAt: first.answeredAt,
    };
  }

  return { rows, corePages, tecPages };
}
