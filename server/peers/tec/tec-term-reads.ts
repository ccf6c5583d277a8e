/**
 * Reading a site's categories and tags: core's lists and single reads (TEC adds nothing to a
 * term), as editors see them, else as the public does. Each answer is kept for the pass in
 * `wires` (tec-reads.ts ReadCache).
 */
import { type TermKind } from '#shared/kinds/registry.ts';
import type { Listed, Listing, ReadResult, RemoteRecord } from '../website/remote.ts';
import { pacedMap, pacer } from '../../pace.ts';
import { RemoteError } from '../website/remote-error.ts';
import type { Page } from './tec-pages.ts';
import type { TecHttp } from './tec-http.ts';
import { cacheKey as key, unexpected, type Row } from './tec-read-parts.ts';
import { CORE_ROUTE, termVersion } from './tec-routes.ts';
import { termView } from './tec-views.ts';
import { tecTermWire } from './tec-wire.ts';

export function createTecTermReads(
  http: TecHttp,
  wires: Map<string, Record<string, unknown>>,
  corePages: (path: string) => Promise<Page>,
) {
  /**
   * How terms are asked for: as editors see them, else (a user who may not manage terms) as the
   * public does, which answers the same fields.
   */
  let termContext = 'context=edit&';

  async function termPages(kind: TermKind): Promise<Page> {
    try {
      return await corePages(`${CORE_ROUTE[kind]}?${termContext}hide_empty=false`);
    } catch (error) {
      if (!(error instanceof RemoteError) || error.status !== 403 || !termContext) throw error;
      termContext = '';
      return corePages(`${CORE_ROUTE[kind]}?hide_empty=false`);
    }
  }

  async function list(kind: TermKind): Promise<Listing> {
    const found = (await termPages(kind)).rows;
    const listed = await pacedMap(found, (row): Listed => {
      wires.set(key(kind, row.id), row);
      const view = termView(kind, tecTermWire.parse(row));
      return { id: String(row.id), version: termVersion(view), trashed: false };
    });
    return { listed, watermark: '' };
  }

  async function read(kind: TermKind, ids: readonly string[]): Promise<ReadResult> {
    const records: RemoteRecord[] = [];
    const gone: string[] = [];
    const pace = pacer();
    for (const id of ids) {
      await pace();
      let wire = wires.get(key(kind, id));
      if (!wire) {
        let answer = await http.get(`${CORE_ROUTE[kind]}/${id}?${termContext}`);
        if (answer.status === 403) answer = await http.get(`${CORE_ROUTE[kind]}/${id}`);
        if (answer.status === 404 || answer.status === 400) {
          gone.push(id);
          continue;
        }
        if (answer.status !== 200) throw unexpected(`${CORE_ROUTE[kind]}/${id}`, answer.status);
        wire = answer.body as Row;
        wires.set(key(kind, id), wire);
      }
      const view = termView(kind, tecTermWire.parse(wire));
      records.push({ id, version: termVersion(view), trashed: false, view });
    }
    return { records, gone };
  }

  return { list, read };
}
