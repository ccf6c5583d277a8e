/**
 * Values kept until the calendar changes: what a read can prepare once per change instead of
 * once per request. `version` names the state they were made from (the change
 * sequence, and the settings' version where a value depends on the settings); when it moves on,
 * everything kept is dropped at the next use. A budget bounds them: when it is spent, the
 * oldest go first, so a crawl of ever new keys cannot grow the server. Values that a change may
 * leave as they were, or that can be brought up to date for less than making them anew, say so
 * with `carry`.
 */
import type { ChangeLog } from '../store/change-log.repo.ts';

type PerChange<V> = {
  /** The kept value, or undefined. */
  peek(key: string): V | undefined;
  keep(key: string, value: V): V;
  /** The kept value, else `make()`'s, kept. */
  get(key: string, make: () => V): V;
  /**
   * The values of records by id: the kept ones, and the rest loaded together by `load` and
   * kept. An id `load` does not answer is left out, or given `absent` when there is one.
   * `scope` tells apart values of one record made for different askers.
   */
  many(
    ids: readonly number[],
    load: (missing: number[]) => Map<number, V>,
    options?: { absent?: V; scope?: string },
  ): Map<number, V>;
};

/**
 * How kept values can outlive a change: given the version they were made at, a function that
 * gives a value as it is now (undefined: drop it), the ids whose values to drop (`forget`), or
 * undefined to drop them all.
 */
type Carry<V> = (
  from: string | number,
) => ((key: string, value: V) => V | undefined) | { forget: ReadonlySet<number> } | undefined;

/** What is left of the budget once it is spent: room for many values before the next walk. */
const ROOM_LEFT = 0.9;
/** Scopes of `many` given a tag at once (`tagOf`). */
const MAX_TAGS = 10_000;

/** The most events a change may write for values made from events to be brought up to date. */
const CARRIED_EVENTS = 64;

/**
 * The `carry` of values of events kept by id (`many`'s, or keyed by the id alone) that only the
 * event's own write changes: after changes that wrote at most 64 events and nothing else, those
 * events' values go and the rest stay, with no walk over them.
 */
export function forgetEventWrites<V>(changes: Pick<ChangeLog, 'eventsTouchedSince'>): Carry<V> {
  return carryThroughEventWrites<V>(changes, (touched) => ({ forget: touched }));
}

/**
 * The `carry` of values made from events alone that a write may change (list selections): after
 * changes that wrote at most 64 events and nothing else, `update` is given the events written
 * and says how each value is now; after anything else, they all go.
 */
export function carryThroughEventWrites<V>(
  changes: Pick<ChangeLog, 'eventsTouchedSince'>,
  update: (touched: ReadonlySet<number>) => NonNullable<ReturnType<Carry<V>>>,
): Carry<V> {
  return (from) => {
    const touched = changes.eventsTouchedSince(Number(from), CARRIED_EVENTS);
    return touched && update(touched);
  };
}

export function perChange<V>(
  version: () => string | number,
  budget: number,
  /** What a value costs of the budget (1 each unless given). */
  weigh: (value: V) => number = () => 1,
  options: { carry?: Carry<V>; carryAtMost?: number } = {},
): PerChange<V> {
  const kept = new Map<string, V>();
  let at: string | number | undefined;
  let spent = 0;

  /**
   * The newest `carryAtMost` values as they are now; the rest dropped. In place: a value that
   * stays as it was is not touched (copying 2,000 values into a new Map took 430 µs, in place
   * 250).
   */
  function carryOver(update: (key: string, value: V) => V | undefined) {
    let oldest = kept.size - (options.carryAtMost ?? Infinity);
    for (const [key, value] of kept) {
      const now = oldest > 0 ? undefined : update(key, value);
      oldest -= 1;
      if (now === value) continue;
      spent -= weigh(value);
      // Deleting the entry being visited, or setting one already there, leaves the walk whole.
      if (now === undefined) kept.delete(key);
      else {
        kept.set(key, now);
        spent += weigh(now);
      }
    }
  }

  /** Drops the values of these ids: `many`'s in every scope, and those keyed by the id alone. */
  function forget(ids: ReadonlySet<number>) {
    const drop = (key: string) => {
      const value = kept.get(key);
      if (value === undefined) return;
      kept.delete(key);
      spent -= weigh(value);
    };
    if (ids.size * (tags.size + 1) < kept.size) {
      for (const id of ids) {
        drop(String(id));
        for (const tag of tags.values()) drop(tag + id);
      }
      return;
    }
    // Many scopes: one walk, each key's id read from its end (`<tag>|<id>`, or the id alone).
    for (const key of kept.keys())
      if (ids.has(Number(key.slice(key.lastIndexOf('|') + 1)))) drop(key);
  }

  function current(): Map<string, V> {
    const now = version();
    if (now !== at) {
      const update = at !== undefined && kept.size > 0 ? options.carry?.(at) : undefined;
      if (update && 'forget' in update) forget(update.forget);
      else if (update) carryOver(update);
      else {
        kept.clear();
        spent = 0;
      }
      at = now;
    }
    return kept;
  }

  function keep(key: string, value: V): V {
    const values = current();
    const old = values.get(key);
    if (old !== undefined) {
      spent -= weigh(old);
      values.delete(key);
    }
    values.set(key, value);
    spent += weigh(value);
    if (spent > budget) makeRoom(values, key);
    return value;
  }

  /**
   * Drops the oldest values until a tenth of the budget is free, in one walk. A Map's walk
   * from its start passes every entry deleted since it last grew: walking it at every value
   * kept past the budget cost a crawl a quarter of a millisecond a page.
   */
  function makeRoom(values: Map<string, V>, newest: string): void {
    const enough = budget * ROOM_LEFT;
    for (const [oldest, value] of values) {
      if (spent <= enough || oldest === newest) break;
      values.delete(oldest);
      spent -= weigh(value);
    }
  }

  /**
   * A short tag for each scope of `many`: its values' keys are the tag and the id, not the
   * scope's text (a caller, a language, a URL and a variant), which each lookup would hash.
   * Tags are never given twice, so forgetting them (when there are too many) cannot make one
   * scope's value another's.
   */
  const tags = new Map<string, string>();
  let tagged = 0;
  function tagOf(scope: string): string {
    let tag = tags.get(scope);
    if (tag === undefined) {
      if (tags.size >= MAX_TAGS) tags.clear();
      tag = `${(tagged += 1).toString(36)}|`;
      tags.set(scope, tag);
    }
    return tag;
  }

  return {
    peek: (key) => current().get(key),
    keep,
    get(key, make) {
      const value = current().get(key);
      return value !== undefined ? value : keep(key, make());
    },
    many(ids, load, { absent, scope } = {}) {
      const values = current();
      const tag = scope === undefined ? '' : tagOf(scope);
      const found = new Map<number, V>();
      const missing: number[] = [];
      for (const id of new Set(ids)) {
        const value = values.get(tag + id);
        if (value === undefined) missing.push(id);
        else found.set(id, value);
      }
      if (missing.length === 0) return found;
      const loaded = load(missing);
      for (const id of missing) {
        const value = loaded.get(id) ?? absent;
        if (value === undefined) continue;
        found.set(id, keep(tag + id, value));
      }
      return found;
    },
  };
}
