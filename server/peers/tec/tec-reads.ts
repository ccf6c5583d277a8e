/**
 * Reading a TEC site: listings, changes since a watermark, whole records by id, one record's
 * version. There is no change feed (docs/tec-facts.md), so:
 * - a full listing is TEC's list over all time and every status (its trash too), plus core's
 *   ids, which alone show events hidden from listings;
 * - changes since a watermark are core's `modified_after`, which misses events that have ended
 *   (TEC hides them from core's lists): only a full listing finds edits to those;
 * - a record is TEC's answer (its details) with core's `context=edit` one (the raw texts): by
 *   batches where the lists allow (`include=`), by single reads where they do not (past and
 *   hidden events), and a 404 from both is the only sign of a record deleted for good.
 * What a pass read is kept for the pass (`ReadCache`): a listing's answers are not asked again.
 */
import { isPostKind, type PostKind } from '#shared/kinds/registry.ts';
import type { Kind } from '#shared/kinds/registry.ts';
import type { Listed, Listing, ReadResult, RemoteRecord } from '../website/remote.ts';
import { pacedMap, pacer } from '../../pace.ts';
import type { TecHttp } from './tec-http.ts';
import { createTecPages } from './tec-pages.ts';
import { createTecTermReads } from './tec-term-reads.ts';
import { readAsReader, unlockProtected, type TecWire } from './tec-protected.ts';
import {
  ALL_STATUSES,
  ALL_TIME,
  chunks,
  CORE_PAGE,
  CORE_ROUTE,
  RAW_FIELDS,
  TEC_PAGE,
  TEC_ROUTE,
  termVersion,
} from './tec-routes.ts';
import { termView } from './tec-views.ts';
import {
  cacheKey as key,
  isProtected,
  later,
  postView,
  text,
  unexpected,
  watermarkOf,
  type Row,
} from './tec-read-parts.ts';
import {
  corePostWire,
  NO_DATE,
  postVersion,
  siteTime,
  tecTermWire,
  type CorePostWire,
} from './tec-wire.ts';

/** Core's `context=edit` answer of a post, and its version as of that answer. */
export type KeptRaw = { raw: CorePostWire; version: string };

export type ReadCache = {
  /** TEC's answers (posts) and core's (terms), by `kind:id`. */
  wires: Map<string, Record<string, unknown>>;
  /** Core's `context=edit` answers of posts, by `kind:id`. */
  raws: Map<string, KeptRaw>;
  /** Posts' passwords as core last said them (a write sets one only where it differs). */
  passwords: Map<string, string>;
};

export const newReadCache = (): ReadCache => ({
  wires: new Map(),
  raws: new Map(),
  passwords: new Map(),
});

export function createTecReads(http: TecHttp, cache: ReadCache) {
  const { rows, corePages, tecPages } = createTecPages(http);
  const terms = createTecTermReads(http, cache.wires, corePages);

  /** A core answer of a post, kept for the pass with its version as of that answer. */
  function keep(kind: PostKind, row: unknown, answeredAt: number): KeptRaw {
    const raw = corePostWire.parse(row);
    const kept = { raw, version: postVersion(raw.modified, raw.modified_gmt, answeredAt) };
    cache.raws.set(key(kind, raw.id), kept);
    if (raw.password !== undefined) cache.passwords.set(key(kind, raw.id), raw.password);
    return kept;
  }

  async function listPosts(kind: PostKind): Promise<Listing> {
    const query =
      kind === 'event' ? `${ALL_TIME}&status=${ALL_STATUSES}` : `status=${ALL_STATUSES}`;
    const found = new Map<string, Listed>();
    let latest = '';
    const tec = await tecPages(kind, query);
    // Events hidden from listings are only in core's lists (upcoming ones: past ones in none);
    // core's also say a draft's UTC modified time, which TEC's leave unset.
    const core = await corePages(
      `${CORE_ROUTE[kind]}?status=${ALL_STATUSES}&_fields=id,modified,modified_gmt,status&orderby=id`,
    );
    const coreGmt = new Map(core.rows.map((row) => [String(row.id), text(row.modified_gmt)]));
    const pace = pacer();
    for (const row of tec.rows) {
      await pace();
      cache.wires.set(key(kind, row.id), row);
      const modifiedUtc = text(row.modified_utc);
      if (modifiedUtc !== NO_DATE) latest = later(latest, modifiedUtc);
      const gmt = coreGmt.get(String(row.id)) ?? modifiedUtc;
      found.set(String(row.id), {
        id: String(row.id),
        version: postVersion(text(row.modified), gmt, tec.answeredAt),
        trashed: row.status === 'trash',
      });
    }
    for (const row of core.rows) {
      await pace();
      latest = later(latest, siteTime(text(row.modified_gmt)));
      if (!found.has(String(row.id)))
        found.set(String(row.id), {
          id: String(row.id),
          version: postVersion(text(row.modified), text(row.modified_gmt), core.answeredAt),
          trashed: row.status === 'trash',
        });
    }
    return { listed: [...found.values()], watermark: watermarkOf(latest) };
  }

  async function changedPosts(kind: PostKind, since: string): Promise<Listing> {
    const found = await corePages(
      `${CORE_ROUTE[kind]}?modified_after=${encodeURIComponent(since)}&status=${ALL_STATUSES}&context=edit&${RAW_FIELDS}&orderby=modified&order=asc`,
    );
    let latest = '';
    const listed = await pacedMap(found.rows, (row): Listed => {
      const kept = keep(kind, row, found.answeredAt);
      latest = later(latest, siteTime(text(row.modified_gmt)));
      return {
        id: String(kept.raw.id),
        version: kept.version,
        trashed: kept.raw.status === 'trash',
      };
    });
    return { listed, watermark: watermarkOf(latest) || since };
  }

  /** TEC's answers for these posts: kept ones, then a batch (events), then one by one. */
  async function tecWires(kind: PostKind, ids: readonly string[]): Promise<Map<string, TecWire>> {
    const out = new Map<string, TecWire>();
    const missing = ids.filter((id) => {
      const kept = cache.wires.get(key(kind, id));
      if (kept) out.set(id, kept as Row);
      return !kept;
    });
    if (kind === 'event')
      for (const batch of chunks(missing, TEC_PAGE)) {
        const found = await tecPages(
          kind,
          `${ALL_TIME}&status=${ALL_STATUSES}&include=${batch.join(',')}`,
        );
        for (const row of found.rows) out.set(String(row.id), row);
      }
    await Promise.all(
      missing
        .filter((id) => !out.has(id))
        .map(async (id) => {
          const answer = await http.get(`${TEC_ROUTE[kind]}/${id}`);
          if (answer.status === 200) out.set(id, answer.body as Row);
          else if (answer.status === 403 && isProtected(answer.body)) out.set(id, 'protected');
          else if (answer.status === 403) out.set(id, 'trashed');
          else if (answer.status === 404 || answer.status === 410) out.set(id, 'gone');
          else throw unexpected(`${TEC_ROUTE[kind]}/${id}`, answer.status);
        }),
    );
    for (const [id, row] of out) if (typeof row === 'object') cache.wires.set(key(kind, id), row);
    return out;
  }

  /** Core's raw answers for these posts: kept ones, then batches of `include=`, then one by one. */
  async function coreRaws(
    kind: PostKind,
    ids: readonly string[],
  ): Promise<Map<string, KeptRaw | 'gone' | 'unreadable'>> {
    const out = new Map<string, KeptRaw | 'gone' | 'unreadable'>();
    const missing = ids.filter((id) => {
      const kept = cache.raws.get(key(kind, id));
      if (kept) out.set(id, kept);
      return !kept;
    });
    for (const batch of chunks(missing, CORE_PAGE)) {
      const found = await rows(
        `${CORE_ROUTE[kind]}?include=${batch.join(',')}&status=${ALL_STATUSES}&context=edit&${RAW_FIELDS}&per_page=${CORE_PAGE}`,
      );
      const pace = pacer();
      for (const row of found.rows) {
        await pace();
        out.set(String(row.id), keep(kind, row, found.answeredAt));
      }
    }
    await Promise.all(
      missing
        .filter((id) => !out.has(id))
        .map(async (id) => {
          const answer = await http.get(`${CORE_ROUTE[kind]}/${id}?context=edit&${RAW_FIELDS}`);
          if (answer.status === 200) out.set(id, keep(kind, answer.body, answer.answeredAt));
          else if (answer.status === 404 || answer.status === 410) out.set(id, 'gone');
          else if (answer.status === 403) {
            const read = await readAsReader(http, kind, id);
            out.set(id, read === 'unreadable' ? read : keep(kind, read.row, read.answeredAt));
          } else throw unexpected(`${CORE_ROUTE[kind]}/${id}`, answer.status);
        }),
    );
    return out;
  }

  async function readPosts(kind: PostKind, ids: readonly string[]): Promise<ReadResult> {
    const [wires, raws] = await Promise.all([tecWires(kind, ids), coreRaws(kind, ids)]);
    await unlockProtected(http, kind, wires, raws, (id, row) =>
      cache.wires.set(key(kind, id), row),
    );
    const records: RemoteRecord[] = [];
    const gone: string[] = [];
    const pace = pacer();
    for (const id of ids) {
      await pace();
      const wire = wires.get(id);
      const raw = raws.get(id);
      if (raw === 'unreadable' || wire === 'protected') continue;
      if (wire === 'gone' || raw === 'gone' || !wire || !raw) {
        gone.push(id);
        continue;
      }
      const { version } = raw;
      // A trashed event is refused to TEC's reads: only its status is known.
      if (wire === 'trashed' || wire.status === 'trash' || raw.raw.status === 'trash')
        records.push({ id, version, trashed: true, view: undefined });
      else records.push({ id, version, trashed: false, view: postView(kind, wire, raw.raw) });
    }
    return { records, gone };
  }

  return {
    list: (kind: Kind): Promise<Listing> => (isPostKind(kind) ? listPosts(kind) : terms.list(kind)),
    changedSince: (kind: Kind, since: string): Promise<Listing> =>
      isPostKind(kind) && since
        ? changedPosts(kind, since)
        : isPostKind(kind)
          ? listPosts(kind)
          : terms.list(kind),
    read: (kind: Kind, ids: readonly string[]): Promise<ReadResult> =>
      ids.length === 0
        ? Promise.resolve({ records: [], gone: [] })
        : isPostKind(kind)
          ? readPosts(kind, ids)
          : terms.read(kind, ids),
    /** Asked right before a write: what was kept of the record is dropped (a read is fresh). */
    async version(kind: Kind, id: string): Promise<{ version: string; trashed: boolean } | null> {
      cache.wires.delete(key(kind, id));
      cache.raws.delete(key(kind, id));
      const fields = isPostKind(kind) ? '&_fields=id,modified,modified_gmt,status,password' : '';
      let answer = await http.get(`${CORE_ROUTE[kind]}/${id}?context=edit${fields}`);
      // A post the user may not edit still says its version to a reader.
      if (answer.status === 403)
        answer = await http.get(`${CORE_ROUTE[kind]}/${id}?${fields.slice(1)}`);
      if (answer.status === 404 || answer.status === 410) return null;
      if (answer.status !== 200) throw unexpected(`${CORE_ROUTE[kind]}/${id}`, answer.status);
      const body = answer.body as Row;
      if (typeof body.password === 'string') cache.passwords.set(key(kind, id), body.password);
      if (isPostKind(kind))
        return {
          version: postVersion(text(body.modified), text(body.modified_gmt), answer.answeredAt),
          trashed: body.status === 'trash',
        };
      cache.wires.set(key(kind, id), body);
      return { version: termVersion(termView(kind, tecTermWire.parse(body))), trashed: false };
    },
  };
}
