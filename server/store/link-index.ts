/**
 * Records' ids and uuids, by kind, looked up in batches and remembered. A write names linked
 * records by uuid (the record patch, whatever the door); the store links them by id. TEC's
 * bodies name them by id, so its adapter asks the other way. One index serves one write, or a
 * whole import (which deletes nothing, so what it found stays true): 100k events name a few
 * hundred venues and terms, each looked up once.
 */
import type { Kind } from '#shared/kinds/registry.ts';
import type { Database } from './database.ts';
import { jsonList } from './sql.ts';

export type LinkIndex = ReturnType<typeof createLinkIndex>;

type Row = { id: number; uuid: string };

const TABLE = (kind: Kind) =>
  kind === 'category' || kind === 'tag'
    ? // `+taxonomy`: look up by key, never through the taxonomy index.
      { from: 'terms', where: '+taxonomy = ?' }
    : // `+kind`: through the kind index it would read every event.
      { from: 'posts', where: '+kind = ?' };

export function createLinkIndex(db: Database) {
  // Per kind: id → uuid and uuid → id (an import asks these once or more per event).
  const uuids = new Map<Kind, Map<number, string>>();
  const ids = new Map<Kind, Map<string, number>>();
  const of = <K, V>(maps: Map<Kind, Map<K, V>>, kind: Kind): Map<K, V> => {
    let map = maps.get(kind);
    if (!map) maps.set(kind, (map = new Map<K, V>()));
    return map;
  };

  function remember(kind: Kind, id: number, uuid: string): void {
    of(uuids, kind).set(id, uuid);
    of(ids, kind).set(uuid, id);
  }

  function lookUp(kind: Kind, column: 'id' | 'uuid', keys: readonly (number | string)[]): void {
    if (keys.length === 0) return;
    const { from, where } = TABLE(kind);
    const rows = db
      .prepare(
        `SELECT id, uuid FROM ${from} WHERE ${where} AND ${column} IN (SELECT value FROM json_each(?))`,
      )
      .all(kind, jsonList(keys)) as Row[];
    for (const row of rows) remember(kind, row.id, row.uuid);
  }

  /** `found`'s entries for `list`, looking up those it lacks first. */
  function find<K extends number | string, V>(
    kind: Kind,
    found: Map<K, V>,
    list: readonly K[],
    column: 'id' | 'uuid',
  ): Map<K, V> {
    if (!list.every((key) => found.has(key)))
      lookUp(
        kind,
        column,
        list.filter((key) => !found.has(key)),
      );
    const answer = new Map<K, V>();
    for (const key of list) {
      const value = found.get(key);
      if (value !== undefined) answer.set(key, value);
    }
    return answer;
  }

  return {
    remember,

    /** The uuids of those of `list` that are records of the kind (the others are left out). */
    uuidsOf: (kind: Kind, list: readonly number[]): Map<number, string> =>
      find(kind, of(uuids, kind), list, 'id'),

    /** The ids of those of `list` that are records of the kind (the others are left out). */
    idsOf: (kind: Kind, list: readonly string[]): Map<string, number> =>
      find(kind, of(ids, kind), list, 'uuid'),
  };
}
