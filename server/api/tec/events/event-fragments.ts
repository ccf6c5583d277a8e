/**
 * Events as TEC JSON (and wp/v2's posts: each caller's, language's and namespace's apart), kept
 * between requests. A list page joins the kept bytes of its
 * events instead of loading, mapping and serialising each again (and encoding the text: a page
 * of 10 is about 38 kB). An event's JSON depends on who asks (what they may see, whether it is
 * redacted), the language, and the URLs and namespace asked through, so each of those keeps its
 * own. Two tiers: about 2,000 events' JSON in memory, and, for a larger calendar, every event's
 * on disk, made ahead (resident-fragments.ts).
 * The JSON is kept without its terms' counts of events, which go in as the answer is sent
 * (fragment-template.ts). It outlives a change that wrote only a few events (staff editing while
 * a website build reads): those events' JSON goes. The rest depends on nothing the change wrote.
 * A settings change, or any write of a venue, an organizer, a term or many events, drops it all.
 */
import { hash } from 'node:crypto';
import { forgetEventWrites, perChange } from '../../../domain/per-change.ts';
import { JsonBytes } from '../../../http/routes.ts';
import type { WireContext } from '../../../http/wire-context.ts';
import { countsKey, filledParts, termsOf, type Template } from './fragment-template.ts';
import {
  createResidentFragments,
  keptOf,
  type Kept,
  type ResidentOptions,
} from './resident-fragments.ts';

/** Bytes kept at once: about 2,000 events of a list (the memory budget: response-cache.ts). */
const MAX_BYTES = 8 * 1024 * 1024;

/** What the kept JSON was made from, and how to tell what a change wrote. */
export type FragmentSource = {
  /** The change sequence. */
  change(): number;
  settingsVersion(): number | string;
  /** The events written after a change, or undefined when more than `limit` or anything else. */
  eventsTouchedSince(after: number, limit: number): ReadonlySet<number> | undefined;
  /** Published events per term, now. */
  termCounts(ids: readonly number[]): Map<number, number>;
  /** How many events the calendar holds (of every status). */
  eventCount(): number;
  /** Up to `limit` event ids below `before`, highest first. */
  eventIdsBefore(before: number, limit: number): number[];
};

/** An event's JSON to send: its bytes in parts, and what says them for an ETag. */
type Filled = { parts: Buffer[]; sha1: Buffer; counts: Buffer };

export type EventFragments = ReturnType<typeof createEventFragments>;

export function createEventFragments(source: FragmentSource) {
  const version = () => `${source.change()}|${source.settingsVersion()}`;
  const afterEventWrites = forgetEventWrites<Kept>(source);
  const kept = perChange<Kept>(version, MAX_BYTES, (value) => value.json.length, {
    carry(from) {
      const [change, settings] = String(from).split('|');
      return settings === String(source.settingsVersion()) ? afterEventWrites(change!) : undefined;
    },
  });
  const resident = createResidentFragments(source);
  return {
    /** Keeps every event's JSON of a large calendar on disk from now on (a server's). */
    start: (options: ResidentOptions) => resident.start(options),
    stop: () => resident.stop(),
    /** Settles when nothing is left to make ahead. */
    settled: () => resident.settled(),
    /** A request came: nothing is made ahead until a quiet moment. */
    requestCame: () => resident.asked(),
    /**
     * The JSON of each event of `ids`, in order: the kept ones, and the rest made together by
     * `make` (events it does not answer are left out). `list`: a list's JSON, which a large
     * calendar keeps every event's of ahead.
     */
    of(
      ids: readonly number[],
      context: WireContext,
      variant: string,
      make: (missing: number[]) => Map<number, Template>,
      options: { list?: boolean } = {},
    ): Filled[] {
      const actor = context.actor ? `${context.actor.id}:${context.actor.role}` : '';
      const scope = `${actor}|${context.language}|${context.urls.route(context.namespace, '')}|${variant}|`;
      const made = (missing: number[]) =>
        new Map([...make(missing)].map(([id, template]) => [id, keptOf(template)]));
      const shelf = options.list ? resident.listAsked(scope, made) : undefined;
      const values = kept.many(
        ids,
        (missing) => {
          if (shelf === undefined) return made(missing);
          const found = resident.read(shelf, missing);
          const rest = missing.filter((id) => !found.has(id));
          if (rest.length === 0) return found;
          const fresh = made(rest);
          resident.keep(shelf, fresh);
          for (const [id, value] of fresh) found.set(id, value);
          return found;
        },
        { scope },
      );
      const items = ids.flatMap((id) => values.get(id) ?? []);
      const counts = source.termCounts([...new Set(items.flatMap(termsOf))]);
      return items.map((item) => ({
        parts: filledParts(item, counts),
        sha1: item.sha1,
        counts: countsKey(item, counts),
      }));
    },
  };
}

/** One event's JSON as an answer, with the ETag of its bytes (from the kept hash if it can). */
export function singleJson(item: Filled): JsonBytes {
  const bytes = item.parts.length === 1 ? item.parts[0]! : Buffer.concat(item.parts);
  const sha1 = item.counts.length === 0 ? item.sha1 : hash('sha1', bytes, 'buffer');
  return new JsonBytes(bytes, weakEtag(bytes.length, sha1));
}

/**
 * `{"<key>":[…items],…rest}`: the bytes JSON.stringify makes of the same object, and an ETag
 * from the items' kept hashes, their counts and the rest, so the 38 kB of a list are not hashed
 * again.
 */
export function listJson(key: string, items: readonly Filled[], rest: object): JsonBytes {
  const tail = JSON.stringify(rest);
  const head = Buffer.from(`{${JSON.stringify(key)}:[`);
  const end = Buffer.from(tail === '{}' ? ']}' : `],${tail.slice(1)}`);
  return joined(head, items, end);
}

/** The items' bytes between `head` and `end`, with an ETag from their kept hashes. */
function joined(head: Buffer, items: readonly Filled[], end: Buffer): JsonBytes {
  const parts: Buffer[] = [head];
  items.forEach((item, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(...item.parts);
  });
  parts.push(end);
  const bytes = Buffer.concat(parts);
  const said = items.flatMap((item) => [item.sha1, item.counts, SEPARATOR]);
  const sha1 = hash('sha1', Buffer.concat([head, ...said, end]), 'buffer');
  return new JsonBytes(bytes, weakEtag(bytes.length, sha1));
}

/**
 * `[…items]`: the bytes JSON.stringify makes of the array (wp/v2's lists), with an ETag from
 * the items' kept hashes as listJson's.
 */
export function arrayJson(items: readonly Filled[]): JsonBytes {
  return joined(OPEN_ARRAY, items, CLOSE_ARRAY);
}

/** A weak ETag as the etag package writes one: the length in hex and 27 base64 of a SHA-1. */
function weakEtag(length: number, sha1: Buffer): string {
  return `W/"${length.toString(16)}-${sha1.toString('base64').slice(0, 27)}"`;
}

const COMMA = Buffer.from(',');
const OPEN_ARRAY = Buffer.from('[');
const CLOSE_ARRAY = Buffer.from(']');
const SEPARATOR = Buffer.from(';');
