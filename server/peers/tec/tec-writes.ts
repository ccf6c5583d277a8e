/**
 * Writing to a TEC site: whole records through TEC's routes (terms through core's), the trash
 * through TEC's DELETE, and what TEC cannot do in a body done through core: unlinking an event's
 * venue (core's `_EventVenueID` meta; no TEC body unlinks one). A write's answer is the record as
 * the site now has it, so the engine's base is what the site holds. Its raw texts are the ones
 * sent when the user may post any HTML; else WordPress may have filtered them (kses), and core is
 * asked what it kept.
 */
import { isPostKind, type PostKind, type TermKind } from '#shared/kinds/registry.ts';
import { decodeHTML } from 'entities';
import type { Kind } from '#shared/kinds/registry.ts';
import type { ReadResult, RemoteRecord, View } from '../website/remote.ts';
import { RemoteError } from '../website/remote-error.ts';
import type { HttpAnswer, TecHttp } from './tec-http.ts';
import type { ReadCache } from './tec-reads.ts';
import { cacheKey, unexpected } from './tec-read-parts.ts';
import {
  ALL_STATUSES,
  CORE_PAGE,
  CORE_ROUTE,
  RAW_FIELDS,
  TEC_ROUTE,
  termVersion,
} from './tec-routes.ts';
import {
  eventBody,
  eventView,
  organizerBody,
  organizerView,
  termBody,
  termView,
  venueBody,
  venueView,
} from './tec-views.ts';
import {
  corePostWire,
  tecEventWire,
  tecOrganizerWire,
  tecTermWire,
  tecVenueWire,
  writtenVersion,
  type CorePostWire,
} from './tec-wire.ts';

type Row = Record<string, unknown> & { id: number };

const BODY: Readonly<Record<PostKind, (view: View) => Record<string, unknown>>> = {
  event: eventBody,
  venue: venueBody,
  organizer: organizerBody,
};

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** `since` (UTC, `YYYY-MM-DD HH:MM:SS`) less five seconds: the site's clock and whole seconds. */
function marginBefore(since: string): string {
  const at = new Date(`${since.replace(' ', 'T')}Z`).getTime() - 5000;
  return new Date(at).toISOString().slice(0, 19).replace('T', ' ');
}

/** A 4xx to a write: the site will not take this record as it is. */
function refusal(answer: HttpAnswer, what: string): RemoteError {
  const body = answer.body as { code?: string; message?: string } | undefined;
  return new RemoteError(
    'refused',
    `The website refused ${what}: ${body?.message ?? `answer ${answer.status}`}`,
    { status: answer.status, siteCode: body?.code },
  );
}

export function createTecWrites(
  http: TecHttp,
  cache: ReadCache,
  options: { trustsRaw: boolean },
  read: (kind: Kind, ids: readonly string[]) => Promise<ReadResult>,
) {
  /** The raw texts core keeps now, or those sent when the user's HTML is never filtered. */
  async function rawAfter(kind: PostKind, row: Row, view: View): Promise<CorePostWire> {
    if (!options.trustsRaw) {
      const answer = await http.get(`${CORE_ROUTE[kind]}/${row.id}?context=edit&${RAW_FIELDS}`);
      if (answer.status !== 200) throw unexpected(`${CORE_ROUTE[kind]}/${row.id}`, answer.status);
      return corePostWire.parse(answer.body);
    }
    return {
      id: row.id,
      modified: str(row.modified),
      status: str(row.status),
      title: { raw: str(view.title ?? view.name) },
      content: { raw: str(view.description) },
      excerpt: { raw: str(view.excerpt) },
      password: str(view.password),
      meta: kind === 'event' ? { _EventCost: str(view.cost), _EventURL: str(view.website) } : {},
    };
  }

  /** No TEC body unlinks a venue: core's meta does, where the site exposes it (a block theme). */
  async function unlinkVenue(row: Row): Promise<void> {
    const answer = await http.post(`${CORE_ROUTE.event}/${row.id}`, {
      meta: { _EventVenueID: [] },
    });
    if (answer.status !== 200) throw refusal(answer, 'to unlink the event’s venue');
    const meta = (answer.body as { meta?: Record<string, unknown> }).meta;
    if (meta && '_EventVenueID' in meta) {
      row.venue = [];
      row.modified = str((answer.body as Row).modified);
    }
  }

  /** TEC takes no empty description or excerpt of an event (and keeps the old): core empties them. */
  async function emptyTexts(row: Row, view: View): Promise<void> {
    const emptied = {
      ...(!view.description && row.description ? { content: '' } : {}),
      ...(!view.excerpt && row.excerpt ? { excerpt: '' } : {}),
    };
    if (Object.keys(emptied).length === 0) return;
    const answer = await http.post(`${CORE_ROUTE.event}/${row.id}`, emptied);
    if (answer.status !== 200) throw refusal(answer, 'to empty the event’s texts');
    row.modified = str((answer.body as Row).modified);
  }

  /**
   * A post's password is core's (TEC's bodies have none; its updates keep the one there), set
   * where it differs from what the site had. TEC answers a protected post's details only to a
   * read that gives the password, so the post is read again with it.
   */
  async function protect(kind: PostKind, row: Row, password: string, had: string): Promise<Row> {
    if (password !== had) {
      const answer = await http.post(`${CORE_ROUTE[kind]}/${row.id}`, { password });
      if (answer.status !== 200) throw refusal(answer, `to set the ${kind}’s password`);
    }
    cache.passwords.set(cacheKey(kind, row.id), password);
    if (!password) return row;
    const path = `${TEC_ROUTE[kind]}/${row.id}?password=${encodeURIComponent(password)}`;
    const answer = await http.get(path);
    if (answer.status !== 200) throw unexpected(path, answer.status);
    return answer.body as Row;
  }

  async function writePost(kind: PostKind, id: string | undefined, view: View) {
    const path = id ? `${TEC_ROUTE[kind]}/${id}` : TEC_ROUTE[kind];
    const answer = await http.post(path, BODY[kind](view));
    if (answer.status !== 200 && answer.status !== 201)
      throw refusal(answer, `the ${kind} “${str(view.title ?? view.name)}”`);
    let row = answer.body as Row;
    if (kind === 'event') {
      await emptyTexts(row, view);
      if (view.venueUuid === null && row.venue && !Array.isArray(row.venue)) await unlinkVenue(row);
    }
    const had = id ? (cache.passwords.get(cacheKey(kind, id)) ?? '') : '';
    row = await protect(kind, row, str(view.password), had);
    const raw = await rawAfter(kind, row, view);
    cache.wires.set(cacheKey(kind, row.id), row);
    const version = writtenVersion(str(row.modified));
    cache.raws.set(cacheKey(kind, row.id), { raw, version });
    const written =
      kind === 'event'
        ? eventView(tecEventWire.parse(row), raw)
        : kind === 'venue'
          ? venueView(tecVenueWire.parse(row), raw)
          : organizerView(tecOrganizerWire.parse(row), raw);
    return {
      id: String(row.id),
      version,
      trashed: false,
      view: written,
    } satisfies RemoteRecord;
  }

  async function writeTerm(kind: TermKind, id: string | undefined, view: View) {
    const route = CORE_ROUTE[kind];
    let answer = await http.post(id ? `${route}/${id}` : route, termBody(kind, view));
    const existing = (answer.body as { code?: string; data?: { term_id?: number } }).data?.term_id;
    // A term of that name exists already (made by someone, or by a create whose answer was lost):
    // it becomes this one.
    if (!id && answer.status === 400 && existing)
      answer = await http.post(`${route}/${existing}`, termBody(kind, view));
    if (answer.status !== 200 && answer.status !== 201)
      throw refusal(answer, `the ${kind} “${str(view.name)}”`);
    const row = answer.body as Row;
    cache.wires.set(cacheKey(kind, row.id), row);
    const written = termView(kind, tecTermWire.parse(row));
    return {
      id: String(row.id),
      version: termVersion(written),
      trashed: false,
      view: written,
    } satisfies RemoteRecord;
  }

  /** Core rows changed since `since` (less a margin: whole seconds) that a search finds. */
  async function recentCore(kind: Kind, since: string, search: string) {
    const after = `${marginBefore(since).replace(' ', 'T')}Z`;
    const answer = await http.get(
      `${CORE_ROUTE[kind]}?modified_after=${after}&status=${ALL_STATUSES}&context=edit&search=${encodeURIComponent(search)}&per_page=${CORE_PAGE}`,
    );
    return answer.status === 200 ? (answer.body as Row[]) : [];
  }

  /**
   * The event a lost create made: one with the title and start sent (TEC's own rule for the
   * same event), among the upcoming ones changed since (core's list, hidden ones too) and those
   * of its day (TEC's list, past ones too).
   */
  async function findEvent(view: View, since: string, taken: ReadonlySet<string>) {
    const title = str(view.title);
    const start = str(view.start);
    const ids = new Set<string>();
    for (const row of await recentCore('event', since, title)) ids.add(String(row.id));
    const day = start.slice(0, 10);
    const listed = await http.get(
      `${TEC_ROUTE.event}?start_date=${day}%2000:00:00&end_date=${day}%2023:59:59&status=${ALL_STATUSES}&per_page=50`,
    );
    for (const row of (listed.body as { events?: Row[] }).events ?? [])
      if (row.start_date === start) ids.add(String(row.id));
    const { records } = await read(
      'event',
      [...ids].filter((id) => !taken.has(id)),
    );
    return records.find((record) => record.view?.title === title && record.view.start === start)
      ?.id;
  }

  return {
    create: (kind: Kind, view: View): Promise<RemoteRecord> =>
      isPostKind(kind) ? writePost(kind, undefined, view) : writeTerm(kind, undefined, view),
    update: (kind: Kind, id: string, view: View): Promise<RemoteRecord> =>
      isPostKind(kind) ? writePost(kind, id, view) : writeTerm(kind, id, view),
    async trash(kind: Kind, id: string): Promise<void> {
      const answer = isPostKind(kind)
        ? await http.delete(`${TEC_ROUTE[kind]}/${id}`)
        : await http.delete(`${CORE_ROUTE[kind]}/${id}?force=true`);
      // Already in the trash (410), or gone for good (404): what was asked is so.
      if (answer.status === 200 || answer.status === 404 || answer.status === 410) return;
      throw refusal(answer, `to trash the ${kind} ${id}`);
    },
    async findCreated(
      kind: Kind,
      view: View,
      since: string,
      taken: ReadonlySet<string>,
    ): Promise<string | undefined> {
      if (kind === 'event') return findEvent(view, since, taken);
      const name = str(view.name);
      if (isPostKind(kind)) {
        const rows = await recentCore(kind, since, name);
        return rows
          .map((row) => corePostWire.parse(row))
          .filter((raw) => decodeHTML(raw.title?.raw ?? '') === name)
          .map((raw) => String(raw.id))
          .find((id) => !taken.has(id));
      }
      const answer = await http.get(
        `${CORE_ROUTE[kind]}?search=${encodeURIComponent(name)}&hide_empty=false&context=edit&per_page=${CORE_PAGE}`,
      );
      const rows = answer.status === 200 ? (answer.body as Row[]) : [];
      return rows
        .filter((row) => decodeHTML(str(row.name)) === name)
        .map((row) => String(row.id))
        .find((id) => !taken.has(id));
    },
  };
}
