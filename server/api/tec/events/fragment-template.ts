/**
 * An event's JSON with its terms' counts left open. An event embeds its categories and tags,
 * each with the number of published events it has: a count any other event's write may move.
 * Kept with the counts in it, the JSON of every event of a popular category would go stale with
 * each new event; kept without, it stays right, and the counts of the moment are put in when it
 * is sent (a few bytes where the count goes).
 */
import { hash } from 'node:crypto';

/** The JSON without the counts, and where each goes: a byte offset and the term's id. */
export type Template = { json: Buffer; slots: readonly Slot[] };
type Slot = readonly [offset: number, term: number];

/**
 * The count an event is made with in place of its term's real one: no real count is negative,
 * and its digits give the term (-1 then twelve digits: -1000000000123 is term 123's).
 */
export const openCount = (term: number) => -1e12 - term;
const OPEN_COUNT = /"count":-1(\d{12})(?=[,}])/g;
const KEY = '"count":'.length;

/**
 * The template of JSON made with `openCount`s. In JSON text a key's quotes are never escaped,
 * so `"count":` followed by such a number is always an embedded term's count, never text.
 */
export function toTemplate(text: string): Template {
  const pieces: string[] = [];
  const slots: Slot[] = [];
  let from = 0;
  let offset = 0;
  for (const match of text.matchAll(OPEN_COUNT)) {
    const piece = text.slice(from, match.index + KEY);
    pieces.push(piece);
    offset += Buffer.byteLength(piece);
    slots.push([offset, Number(match[1])]);
    from = match.index + match[0].length;
  }
  if (slots.length === 0) return { json: Buffer.from(text), slots };
  pieces.push(text.slice(from));
  return { json: Buffer.from(pieces.join('')), slots };
}

/** The terms whose counts a template needs. */
export const termsOf = (template: Template) => template.slots.map(([, term]) => term);

/** The JSON's parts with these counts in their places, to be joined. */
export function filledParts(template: Template, counts: ReadonlyMap<number, number>): Buffer[] {
  if (template.slots.length === 0) return [template.json];
  const parts: Buffer[] = [];
  let from = 0;
  for (const [offset, term] of template.slots) {
    parts.push(template.json.subarray(from, offset), Buffer.from(String(counts.get(term) ?? 0)));
    from = offset;
  }
  parts.push(template.json.subarray(from));
  return parts;
}

/** The counts as they go in, in the template's order: with its SHA-1, what says its bytes. */
export function countsKey(template: Template, counts: ReadonlyMap<number, number>): Buffer {
  if (template.slots.length === 0) return EMPTY;
  return Buffer.from(template.slots.map(([, term]) => counts.get(term) ?? 0).join(','));
}

/** Slots as the wire cache's file keeps them, and back. */
export const slotsText = (template: Template) =>
  template.slots.map((slot) => slot.join(':')).join(',');
export function slotsFrom(text: string): Slot[] {
  if (text === '') return [];
  return text.split(',').map((slot) => {
    const [offset, term] = slot.split(':');
    return [Number(offset), Number(term)] as const;
  });
}

export const sha1Of = (bytes: Uint8Array) => hash('sha1', bytes, 'buffer');

const EMPTY = Buffer.alloc(0);
