/**
 * One record takes another's place (a duplicate folded into the hub's, a namesake giving way):
 * every record that named the one leaving names the one staying, in each link that named it.
 */
import { KIND, type Kind, type Patch } from '#shared/kinds/registry.ts';
import type { LocalRecord } from './local-records.ts';

/** The patch that makes `record` (a `kind`) name `to` wherever it names `from` (a `target`). */
export function linksMoved(
  kind: Kind,
  record: LocalRecord,
  target: Kind,
  from: string,
  to: string,
): Patch | undefined {
  const patch: Record<string, unknown> = {};
  for (const [field, linked] of Object.entries(KIND[kind].links)) {
    if (linked !== target) continue;
    const value = record[field];
    if (Array.isArray(value) && value.includes(from))
      patch[field] = [...new Set((value as string[]).map((uuid) => (uuid === from ? to : uuid)))];
    else if (value === from) patch[field] = to;
  }
  return Object.keys(patch).length > 0 ? patch : undefined;
}
