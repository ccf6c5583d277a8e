/**
 * Events as TEC JSON, kept until the next change or settings change (issue 18). A list page
 * joins the kept bytes of its events instead of loading, mapping and serialising each again
 * (and encoding the text: a page of 10 is about 38 kB). An event's JSON depends on who asks
 * (what they may see, whether it is redacted), the language, and the URLs and namespace asked
 * through, so each of those keeps its own.
 */
import { perChange } from '../../domain/per-change.ts';
import type { WireContext } from '../wire-context.ts';

/** Bytes kept at once: about 4,000 events of a list. */
const MAX_BYTES = 16 * 1024 * 1024;

export type EventFragments = ReturnType<typeof createEventFragments>;

export function createEventFragments(version: () => string) {
  const kept = perChange<Buffer>(version, MAX_BYTES, (bytes) => bytes.length);
  return {
    /**
     * The JSON of each event of `ids`, in order: the kept ones, and the rest made together by
     * `make` (events it does not answer are left out).
     */
    of(
      ids: readonly number[],
      context: WireContext,
      variant: string,
      make: (missing: number[]) => Map<number, Buffer>,
    ): Buffer[] {
      const actor = context.actor ? `${context.actor.id}:${context.actor.role}` : '';
      const scope = `${actor}|${context.language}|${context.urls.route(context.namespace, '')}|${variant}|`;
      const texts = kept.many(ids, make, { scope });
      return ids.flatMap((id) => texts.get(id) ?? []);
    },
  };
}

/** `{"<key>":[…items],…rest}`: the bytes JSON.stringify makes of the same object. */
export function listJson(key: string, items: readonly Buffer[], rest: object): Buffer {
  const tail = JSON.stringify(rest);
  const parts: Buffer[] = [Buffer.from(`{${JSON.stringify(key)}:[`)];
  items.forEach((item, index) => parts.push(...(index === 0 ? [item] : [COMMA, item])));
  parts.push(Buffer.from(tail === '{}' ? ']}' : `],${tail.slice(1)}`));
  return Buffer.concat(parts);
}

const COMMA = Buffer.from(',');
