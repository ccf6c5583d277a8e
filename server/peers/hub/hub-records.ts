/**
 * A record as the hub sync compares it: flat, one key per field and per language of a text
 * ("title.de"), every value as Marquee holds it (the hub is a Marquee: nothing is re-rendered,
 * so values compare exactly). The merge unit of a key is the editor's (`fieldOfKey`: an event's
 * times are one unit; each language its own). The author is left out: it is a user of one
 * server, which the other does not have (each side keeps its own).
 */
import type { ConflictValues } from '../core/conflict-values.ts';
import { firstAgreement, mergeSinceAgreed } from '../core/merge-unit.ts';
import { LANGUAGES } from '#shared/languages.ts';
import { TIME_FIELDS } from '#shared/kinds/apply-patch.ts';
import { isTranslatable, type Kind, type Patch } from '#shared/kinds/registry.ts';
import { fieldOfKey } from '#shared/sync/concurrent-edit.ts';
import { fieldNames } from '#shared/sync/fields.ts';
import { isTrashedSlug, untrashedSlug } from '#shared/text/trashed-slug.ts';

export type Flat = Readonly<Record<string, unknown>>;

const LOCAL_ONLY = new Set(['author']);

const hubFields = (kind: Kind) => fieldNames(kind).filter((field) => !LOCAL_ONLY.has(field));

export function flatten(kind: Kind, record: Readonly<Record<string, unknown>>): Flat {
  const flat: Record<string, unknown> = {};
  for (const field of hubFields(kind)) {
    const value = record[field];
    if (isTranslatable(kind, field)) {
      const texts = (value ?? {}) as Record<string, string | undefined>;
      // A trashed record's slug goes as it is, suffix and all: two records in the trash with the
      // same live slug are `x__trashed` and `x__trashed-2`, which only the whole slug tells apart.
      for (const language of LANGUAGES) flat[`${field}.${language}`] = texts[language] ?? '';
    } else flat[field] = value ?? null;
  }
  return flat;
}

/** The unit a key belongs to: "title.de", "cost", "start" (an event's times together). */
function unitOf(kind: Kind, key: string): string {
  const dot = key.indexOf('.');
  return fieldOfKey(kind, key) + (dot < 0 ? '' : key.slice(dot));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The keys whose values differ (every key of `a` when there is no `b`). */
export function differing(a: Flat, b: Flat | undefined): string[] {
  return Object.keys(a).filter((key) => !b || !same(a[key], b[key]));
}

/** The units of `keys`. */
export function unitsOf(kind: Kind, keys: readonly string[]): Set<string> {
  return new Set(keys.map((key) => unitOf(kind, key)));
}

/** Every key of `flat` in one of `units`. */
export function keysIn(kind: Kind, flat: Flat, units: ReadonlySet<string>): string[] {
  return Object.keys(flat).filter((key) => units.has(unitOf(kind, key)));
}

/** A record patch setting `keys` to their values in `flat` ("" removes a translation). */
export function patchOf(kind: Kind, flat: Flat, keys: readonly string[]): Patch {
  const patch: Record<string, unknown> = {};
  const all = new Set(keys);
  // An event's times go together: the write reads each in the event's zone.
  if (kind === 'event' && keys.some((key) => TIME_FIELDS.includes(key)))
    for (const field of TIME_FIELDS) all.add(field);
  // A slug given to a record in the trash: with its status, so the write adds the trash's suffix.
  if (flat.status === 'trash' && keys.some((key) => key.startsWith('slug.'))) all.add('status');
  for (const key of all) {
    const [field = key, language] = key.split('.');
    if (language && isTranslatable(kind, field)) {
      patch[field] = { ...(patch[field] as object | undefined), [language]: flat[key] };
    } else patch[field] = flat[key];
  }
  return patch;
}

/**
 * A new record's patch: every field it has, texts in the languages it has, and a text in none
 * as `{}`: an event whose title was cleared is still an event the replica protocol takes (its
 * create needs the title named, not filled), where leaving the field out would be refused as
 * missing on the other side (docs/decisions.md, "An event without a title").
 */
export function createPatchOf(kind: Kind, flat: Flat): Patch {
  const patch = patchOf(
    kind,
    flat,
    Object.keys(flat).filter((key) => !(key.includes('.') && flat[key] === '')),
  );
  const texts = new Set(
    Object.keys(flat).flatMap((key) => (key.includes('.') ? [key.split('.')[0]!] : [])),
  );
  for (const field of texts) (patch as Record<string, unknown>)[field] ??= {};
  return patch;
}

/**
 * Both sides trashed the record, and numbered its trashed slug differently (`x__trashed-2` where
 * another record was in the trash as `x` already): no choice for the user, the hub's is taken.
 */
const sameTrashedSlug = (key: string, here: unknown, hub: unknown) =>
  key.startsWith('slug.') &&
  typeof here === 'string' &&
  typeof hub === 'string' &&
  isTrashedSlug(here) &&
  isTrashedSlug(hub) &&
  untrashedSlug(here) === untrashedSlug(hub);

type HubMerge = {
  /** Keys only the hub changed: this calendar takes them. */
  take: string[];
  /** Units both sides changed to different values: the user decides. */
  conflicts: ConflictValues;
};

/**
 * One record's three-way merge, by the peers' one rule (core/merge-unit.ts): each side against
 * the base (the record as the hub last had it when the two agreed). A unit changed here only
 * stays (it is sent); changed on the hub only is taken; changed on both to the same values is
 * agreed; to different values, a conflict (units in `held`, already in conflict, are left
 * alone). No base (the same record found on both sides before they ever agreed): a key empty on
 * one side takes the other's value, both ways, and only two values that differ wait for the
 * user, as with the website.
 */
export function mergeWithHub(input: {
  kind: Kind;
  here: Flat;
  hub: Flat;
  base: Flat | undefined;
  held: ReadonlySet<string>;
}): HubMerge {
  const { kind, here, hub, base, held } = input;
  const merge: HubMerge = { take: [], conflicts: {} };
  const theirs = unitsOf(kind, differing(hub, base));
  const mine = unitsOf(kind, differing(here, base));
  for (const unit of theirs) {
    if (held.has(unit)) continue;
    const keys = keysIn(kind, hub, new Set([unit]));
    const differ = keys.filter((key) => !same(here[key], hub[key]));
    if (!base) {
      const first = firstAgreement(
        differ.filter((key) => !sameTrashedSlug(key, here[key], hub[key])),
        (key) => here[key],
        (key) => hub[key],
      );
      if (first.outcome === 'conflict')
        for (const key of keys) merge.conflicts[key] = { mine: here[key], theirs: hub[key] };
      else
        merge.take.push(
          ...first.fromPeer,
          ...differ.filter((key) => sameTrashedSlug(key, here[key], hub[key])),
        );
      continue;
    }
    const outcome = mergeSinceAgreed(mine.has(unit), true, () => differ.length === 0);
    if (outcome === 'theirs') merge.take.push(...keys);
    else if (outcome !== 'conflict') continue;
    else if (differ.every((key) => sameTrashedSlug(key, here[key], hub[key])))
      merge.take.push(...differ);
    else for (const key of keys) merge.conflicts[key] = { mine: here[key], theirs: hub[key] };
  }
  return merge;
}
