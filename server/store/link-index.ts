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
  const uuids = new Map<string, string>();
  const ids = new Map<string, number>();

  function remember(kind: Kind, id: number, uuid: string): void {
    uuids.set(`${kind}:${id}`, uuid);
    ids.set(`${kind}:${uuid}`, id);
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

  return {
    remember,

    /** The uuids of those of `list` that are records of the kind (the others are left out). */
    uuidsOf(kind: Kind, list: readonly number[]): Map<number, string> {
      lookUp(
        kind,
        'id',
        list.filter((id) => !uuids.has(`${kind}:${id}`)),
      );
      const found = new Map<number, string>();
      for (const id of list) {
        const uuid = uuids.get(`${kind}:${id}`);
        if (uuid !== undefined) found.set(id, uuid);
      }
      return found;
    },

    /** The ids of those of `list` that are records of the kind (the others are left out). */
    idsOf(kind: Kind, list: readonly string[]): Map<string, number> {
      lookUp(
        kind,
        'uuid',
        list.filter((uuid) => !ids.has(`${kind}:${uuid}`)),
      );
      const found = new Map<string, number>();
      for (const uuid of list) {
        const id = ids.get(`${kind}:${uuid}`);
        if (id !== undefined) found.set(uuid, id);
      }
      return found;
    },
  };
}
