/**
 * The resident wire cache: every event's JSON kept ready, on disk (store/wire-cache.ts), for
 * the lists of a calendar larger than the JSON kept in memory holds, so that a page nobody
 * asked before (a website build's crawl, an editor paging far) is "find the ids, join the
 * ready JSON" instead of loading, mapping and serialising its events.
 *
 * - Which JSON: a list's events as the two scopes most recently asked see them (a scope is the
 *   caller, the language, the URLs and the list's variant). A third scope asked takes the place
 *   of the oldest, whose JSON is then removed bit by bit.
 * - Made ahead: while no request came for a moment, a slice of a few milliseconds at a time
 *   walks the events by id, newest first (200,000 at most), and makes those not kept yet. A
 *   request waits for a slice at most; under load nothing is made ahead, and pages are made
 *   when asked, as before, and kept.
 * - Kept right, from the change log: the events a change wrote (at most 10,000 of them) are
 *   dropped and made again ahead; after a change to a venue, an organizer or a term, or more
 *   events, or the settings, all of it goes and is made again. A term's count of events, which
 *   every event write may move, is not in the kept JSON (fragment-template.ts).
 * - Only a server keeps it (`start`): the command line's doors make JSON as they need it.
 * - Never in the way: if the file fails (a full disk, a broken file), or making ahead does, the
 *   server goes on without it, as a small calendar's does, until it starts again.
 */
import type { WireCache } from '../../../store/wire-cache.ts';
import { sha1Of, slotsFrom, slotsText, type Template } from './fragment-template.ts';
import type { FragmentSource } from './event-fragments.ts';

/** An event's JSON as kept: its template and the template's SHA-1. */
export type Kept = Template & { sha1: Buffer };

/** Events at most for which the memory's JSON is enough (about what it holds). */
const RESIDENT_FROM = 2000;
/** Scopes kept at once. */
const SCOPES = 2;
/** Events written by one change (or between two reads) whose JSON is dropped alone. */
const FORGOTTEN_AT_MOST = 10_000;
/** How long no request came before making ahead, and how long a slice runs (ms). */
const IDLE_MS = 50;
const SLICE_MS = 4;
/** Events made together in a slice. */
const BATCH = 50;
/**
 * Events made ahead per scope, newest first (about 900 MB of file): a calendar of a million
 * events keeps its newest, which lists ask most, and makes older ones when asked.
 */
const AHEAD_AT_MOST = 200_000;
/** Where a walk starts: above every id. */
const TOP = Number.MAX_SAFE_INTEGER;

type Scope = {
  key: string;
  shelf: number;
  make: (ids: number[]) => Map<number, Kept>;
  /** The last id made ahead; the walk goes on below it. */
  before: number;
  /** Events the walk went over. */
  walked: number;
  done: boolean;
};

export type ResidentOptions = {
  /** Opens the cache's file (the data directory's, store/wire-cache.ts). */
  open: () => WireCache;
  /** Events from which the JSON is kept on disk (RESIDENT_FROM; tests lower it). */
  from?: number | undefined;
};

export function createResidentFragments(source: FragmentSource) {
  let cache: WireCache | undefined;
  let options: ResidentOptions | undefined;
  let scopes: Scope[] = [];
  /** Shelves of scopes that gave their place, still to be emptied. */
  const leaving: number[] = [];
  /** Events a change wrote, whose JSON went: made again ahead. */
  const pending = new Set<number>();
  let shelves = 0;
  /** What the kept JSON was made from (`change|settings`). */
  let at = '';
  let lastAsked = 0;
  let timer: NodeJS.Timeout | undefined;
  /** The change at which the calendar was found too small to need it. */
  let smallAt: number | undefined;
  /** Told when nothing is left to make ahead. */
  let waiting: (() => void)[] = [];
  const finished = () =>
    leaving.length === 0 && pending.size === 0 && scopes.every((scope) => scope.done);
  function tellWaiting() {
    const told = waiting;
    waiting = [];
    for (const resolve of told) resolve();
  }

  const walkAnew = () => ({ before: TOP, walked: 0, done: false });
  const version = () => `${source.change()}|${source.settingsVersion()}`;

  /** Brings the kept JSON up to the calendar's state: what changes wrote goes. */
  function follow() {
    const now = version();
    if (now === at || !cache) return;
    const [change, settings] = at.split('|');
    const touched =
      settings === String(source.settingsVersion())
        ? source.eventsTouchedSince(Number(change), FORGOTTEN_AT_MOST)
        : undefined;
    at = now;
    if (touched) {
      if (touched.size === 0) return;
      // A scope leaving is never read again: its JSON goes whole.
      cache.forget(
        scopes.map((scope) => scope.shelf),
        touched,
      );
      // Events new since the walk began are among them, too.
      for (const id of touched) pending.add(id);
    } else {
      // Every scope starts on a new shelf; the old ones are emptied bit by bit (at 100k
      // events, deleting them at once held the thread for 120 ms).
      pending.clear();
      for (const scope of scopes) leaving.push(scope.shelf);
      // The scopes' contexts hold the settings they were made with: asked again, they come back.
      if (settings !== String(source.settingsVersion())) scopes = [];
      for (const scope of scopes) Object.assign(scope, { shelf: ++shelves, ...walkAnew() });
    }
    schedule(IDLE_MS);
  }

  function schedule(ms: number) {
    if (timer || !cache) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  }

  /** Stops keeping JSON on disk for this run, the file removed. */
  function giveUp() {
    clearTimeout(timer);
    timer = undefined;
    try {
      cache?.close();
    } catch {
      // Closing a broken file: nothing more to do with it.
    }
    cache = undefined;
    options = undefined;
    scopes = [];
    leaving.length = 0;
    pending.clear();
    tellWaiting();
  }

  /** Runs `work` on the file; if it fails, the server goes on without the file. */
  function guarded<T>(work: () => T, otherwise: T): T {
    try {
      return work();
    } catch {
      giveUp();
      return otherwise;
    }
  }

  /** One slice of making ahead, when nothing was asked for a moment. */
  function tick() {
    timer = undefined;
    if (cache) guarded(slice, undefined);
  }

  function slice() {
    const quiet = performance.now() - lastAsked;
    if (quiet < IDLE_MS) return schedule(IDLE_MS - quiet);
    follow();
    const started = performance.now();
    while (performance.now() - started < SLICE_MS) {
      const shelf = leaving[0];
      if (shelf !== undefined) {
        if (cache!.dropScope(shelf, 500) === 0) leaving.shift();
        continue;
      }
      if (pending.size > 0) {
        const ids = [...pending].slice(0, BATCH);
        for (const id of ids) pending.delete(id);
        for (const scope of scopes) makeAhead(scope, ids);
        continue;
      }
      const scope = scopes.find((candidate) => !candidate.done);
      if (!scope) return tellWaiting();
      const ids = source.eventIdsBefore(scope.before, BATCH);
      scope.walked += ids.length;
      if (ids.length === 0 || scope.walked >= AHEAD_AT_MOST) scope.done = true;
      if (ids.length === 0) continue;
      scope.before = ids.at(-1)!;
      makeAhead(scope, ids);
    }
    schedule(0);
  }

  /** Makes and keeps the JSON of those of `ids` the scope has not kept. */
  function makeAhead(scope: Scope, ids: number[]) {
    const kept = cache!.has(scope.shelf, ids);
    const missing = ids.filter((id) => !kept.has(id));
    if (missing.length > 0) write(scope.shelf, scope.make(missing));
  }

  function write(shelf: number, made: Map<number, Kept>) {
    cache!.write(
      shelf,
      [...made].map(([id, kept]) => [
        id,
        { json: kept.json, sha1: kept.sha1, slots: slotsText(kept) },
      ]),
    );
  }

  /** Is the calendar large enough for the memory's JSON not to hold a list's events? */
  function large(): boolean {
    const from = options?.from ?? RESIDENT_FROM;
    const change = source.change();
    if (smallAt === change || from === Infinity) return false;
    if (source.eventCount() >= from) return true;
    smallAt = change;
    return false;
  }

  return {
    start(given: ResidentOptions) {
      options = given;
    },
    stop: giveUp,

    /** Settles when every event's JSON of the scopes asked is kept (nothing to make ahead). */
    settled(): Promise<void> {
      guarded(follow, undefined);
      if (!cache || finished()) return Promise.resolve();
      schedule(IDLE_MS);
      return new Promise((resolve) => waiting.push(resolve));
    },

    /**
     * The shelf of a scope whose list is asked, kept (and made ahead) from now on when the
     * calendar is large; undefined when nothing is kept on disk for it.
     */
    listAsked(key: string, make: (ids: number[]) => Map<number, Kept>): number | undefined {
      if (!options) return undefined;
      // First brought up to date: a settings change forgets the scopes.
      if (cache && !guarded(() => (follow(), true), false)) return undefined;
      const known = scopes.find((scope) => scope.key === key);
      if (known) return known.shelf;
      if (!large()) return undefined;
      const opened = guarded(() => {
        if (!cache) {
          cache = options!.open();
          at = version();
        }
        return true;
      }, false);
      if (!opened) return undefined;
      const scope = { key, shelf: ++shelves, make, ...walkAnew() };
      scopes.unshift(scope);
      for (const gone of scopes.splice(SCOPES)) leaving.push(gone.shelf);
      schedule(IDLE_MS);
      return scope.shelf;
    },

    /** A request came (made ahead only after a quiet moment). */
    asked() {
      lastAsked = performance.now();
    },

    /** The kept JSON of those of `ids` the shelf has. */
    read(shelf: number, ids: readonly number[]): Map<number, Kept> {
      const found = new Map<number, Kept>();
      const rows = guarded(() => (follow(), cache?.read(shelf, ids)), undefined);
      for (const [id, row] of rows ?? []) {
        const json = Buffer.from(row.json.buffer, row.json.byteOffset, row.json.byteLength);
        const sha1 = Buffer.from(row.sha1.buffer, row.sha1.byteOffset, row.sha1.byteLength);
        found.set(id, { json, sha1, slots: slotsFrom(row.slots) });
      }
      return found;
    },

    /** Keeps what a request made, for the shelf's scope. */
    keep(shelf: number, made: Map<number, Kept>) {
      if (cache && made.size > 0) guarded(() => write(shelf, made), undefined);
    },
  };
}

/** A template as kept: with the SHA-1 of its bytes. */
export const keptOf = (template: Template): Kept => ({ ...template, sha1: sha1Of(template.json) });
