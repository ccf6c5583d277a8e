/**
 * Events as TEC JSON, kept between requests. A list page joins the kept bytes of its
 * events instead of loading, mapping and serialising each again (and encoding the text: a page
 * of 10 is about 38 kB). An event's JSON depends on who asks (what they may see, whether it is
 * redacted), the language, and the URLs and namespace asked through, so each of those keeps its
 * own.
 * The JSON outlives a change that wrote only a few events (staff editing while a website build
 * reads): those events' JSON goes, and so does that of every event embedding a term whose
 * published-event count the change moved. The rest depends on nothing the change wrote. A
 * settings change, or any write of a venue, an organizer, a term or many events, drops it all.
 */
import { hash } from 'node:crypto';
import { carryThroughEventWrites, perChange } from '../../../domain/per-change.ts';
import { JsonBytes } from '../../../http/routes.ts';
import type { WireContext } from '../../../http/wire-context.ts';

/** Bytes kept at once: about 2,000 events of a list (the memory budget: response-cache.ts). */
const MAX_BYTES = 8 * 1024 * 1024;

/** An event's JSON and the terms it embeds, with their counts. */
type EventFragment = { json: Buffer; termCounts: ReadonlyMap<number, number> };

/** What the kept JSON was made from, and how to tell what a change wrote. */
export type FragmentSource = {
  /** The change sequence. */
  change(): number;
  settingsVersion(): number | string;
  /** The events written after a change, or undefined when more than `limit` or anything else. */
  eventsTouchedSince(after: number, limit: number): ReadonlySet<number> | undefined;
  /** Published events per term, now. */
  termCounts(ids: readonly number[]): Map<number, number>;
};

/** An event's JSON, its SHA-1 (for ETags: hashing a list's 38 kB was 28 µs a request) and its terms. */
type Kept = { json: Buffer; sha1: Buffer; terms: readonly number[] };

/** The id a kept value's key ends with (`<scope>|<id>`). */
const idOfKey = (key: string) => Number(key.slice(key.lastIndexOf('|') + 1));

export function createEventFragments(source: FragmentSource) {
  /**
   * The count each term has in the JSON kept: the same in all of it, since a change that moves
   * a count drops every JSON embedding it.
   */
  const embedded = new Map<number, number>();
  const version = () => `${source.change()}|${source.settingsVersion()}`;
  const afterEventWrites = carryThroughEventWrites<Kept>(source, (touched) => {
    const now = source.termCounts([...embedded.keys()]);
    const moved = new Set<number>();
    for (const [term, count] of embedded)
      if ((now.get(term) ?? 0) !== count) {
        moved.add(term);
        embedded.delete(term);
      }
    return (key, value) =>
      touched.has(idOfKey(key)) || value.terms.some((term) => moved.has(term)) ? undefined : value;
  });
  const kept = perChange<Kept>(version, MAX_BYTES, (value) => value.json.length, {
    carry(from) {
      const [change, settings] = String(from).split('|');
      const update =
        settings === String(source.settingsVersion()) ? afterEventWrites(change!) : undefined;
      if (!update) embedded.clear();
      return update;
    },
  });
  return {
    /**
     * The JSON of each event of `ids`, in order: the kept ones, and the rest made together by
     * `make` (events it does not answer are left out).
     */
    of(
      ids: readonly number[],
      context: WireContext,
      variant: string,
      make: (missing: number[]) => Map<number, EventFragment>,
    ): Kept[] {
      const actor = context.actor ? `${context.actor.id}:${context.actor.role}` : '';
      const scope = `${actor}|${context.language}|${context.urls.route(context.namespace, '')}|${variant}|`;
      const values = kept.many(
        ids,
        (missing) => {
          const made = new Map<number, Kept>();
          for (const [id, { json, termCounts }] of make(missing)) {
            for (const [term, count] of termCounts) embedded.set(term, count);
            const sha1 = hash('sha1', json, 'buffer');
            made.set(id, { json, sha1, terms: [...termCounts.keys()] });
          }
          return made;
        },
        { scope },
      );
      return ids.flatMap((id) => values.get(id) ?? []);
    },
  };
}

/** One event's JSON as an answer, with the ETag of its bytes from the kept hash. */
export const singleJson = (item: Kept) =>
  new JsonBytes(item.json, weakEtag(item.json.length, item.sha1));

/**
 * `{"<key>":[…items],…rest}`: the bytes JSON.stringify makes of the same object, and an ETag
 * from the items' kept hashes and the rest, so the 38 kB of a list are not hashed again.
 */
export function listJson(key: string, items: readonly Kept[], rest: object): JsonBytes {
  const tail = JSON.stringify(rest);
  const head = Buffer.from(`{${JSON.stringify(key)}:[`);
  const end = Buffer.from(tail === '{}' ? ']}' : `],${tail.slice(1)}`);
  const parts: Buffer[] = [head];
  items.forEach((item, index) => parts.push(...(index === 0 ? [item.json] : [COMMA, item.json])));
  parts.push(end);
  const bytes = Buffer.concat(parts);
  const sha1 = hash(
    'sha1',
    Buffer.concat([head, ...items.map((item) => item.sha1), end]),
    'buffer',
  );
  return new JsonBytes(bytes, weakEtag(bytes.length, sha1));
}

/** A weak ETag as the etag package writes one: the length in hex and 27 base64 of a SHA-1. */
function weakEtag(length: number, sha1: Buffer): string {
  return `W/"${length.toString(16)}-${sha1.toString('base64').slice(0, 27)}"`;
}

const COMMA = Buffer.from(',');
