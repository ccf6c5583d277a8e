/**
 * A conflict as both peers keep it (`peer_conflicts.fields`): per field, this calendar's value
 * (`mine`) and the peer's (`theirs`), each changed since the two last agreed, or found on both
 * sides before they ever did. The base they are measured against is the peer's bookkeeping
 * (`peer_records`), kept once. Each peer shows it in its own words on the wire (the website's
 * `marquee`/`site`, the hub's `here`/`hub`).
 */
export type ConflictValues<V = unknown> = Record<string, { mine: V; theirs: V }>;

/** A stored conflict's fields, parsed. */
export const parseConflictValues = <V>(fields: string): ConflictValues<V> =>
  JSON.parse(fields) as ConflictValues<V>;
