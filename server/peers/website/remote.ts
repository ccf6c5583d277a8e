/**
 * A peer, as the website's pass (pass.ts) sees it: a `Remote` lists, reads and writes
 * records in the peer's own ids and versions, each record as a `View`: the fields the peer
 * carries, in Marquee's names, texts in the one language the peer holds, links by the peer's
 * ids. The engine does the rest (which records changed, the three-way merge, ids ⇄ uuids). The
 * TEC site is tec/tec-remote.ts. A Marquee hub is not a Remote: it speaks the replica protocol
 * itself, which carries every field in every language (hub/, docs/decisions.md "The hub").
 */
import type { Kind } from '#shared/kinds/registry.ts';

/** A field's value in a view: a text, a yes/no, nothing, or a list (of linked records' ids). */
export type ViewValue = string | boolean | null | readonly string[];
export type View = Readonly<Record<string, ViewValue>>;

/**
 * A record as the peer holds it. `view` is undefined for a record in the peer's trash whose
 * fields the peer does not give (TEC's reads of a trashed event are refused): only its status is
 * known then. `version` changes whenever the peer's record does (it may also change when nothing
 * the view carries did: the engine compares views, not versions, to find what changed).
 */
export type RemoteRecord = {
  id: string;
  version: string;
  trashed: boolean;
  view: View | undefined;
};

/**
 * Whether a listed version says the record is as it was when `known` was read. A version that
 * ends in `~` is unsure (read too close to a change to tell it from the next: TEC's whole
 * seconds) and equals none: the record is read again.
 */
export const sameVersion = (known: string | null, listed: string): boolean =>
  known === listed && !listed.endsWith('~');

/** A record found in a listing: enough to tell whether it changed since it was last read. */
export type Listed = { id: string; version: string; trashed: boolean };

/** A listing, and the watermark a later `changedSince` asks from. */
export type Listing = { listed: Listed[]; watermark: string };

/** What a read of records by id found: the records, and the ids the peer no longer has at all. */
export type ReadResult = { records: RemoteRecord[]; gone: string[] };

export type Remote = {
  /** The fields of each kind the peer carries (record field names). */
  readonly fields: Readonly<Record<Kind, readonly string[]>>;
  /** Every record of the kind the peer has, its trash too. */
  list(kind: Kind): Promise<Listing>;
  /**
   * The records of the kind changed after `since` (the watermark an earlier answer gave; ""
   * for none), as far as the peer can tell without a full listing, and the watermark to ask
   * from next time. A TEC site cannot tell of its past events (a full listing finds those);
   * for its terms, which have no modified time, it lists them all.
   */
  changedSince(kind: Kind, since: string): Promise<Listing>;
  /** The records with these ids, whole. */
  read(kind: Kind, ids: readonly string[]): Promise<ReadResult>;
  /**
   * One record's version right now, or null when the peer no longer has it (before a write); a
   * `read` of it after this asks the peer again.
   */
  version(kind: Kind, id: string): Promise<{ version: string; trashed: boolean } | null>;
  create(kind: Kind, view: View): Promise<RemoteRecord>;
  /** Writes the whole record (a TEC update resets what it leaves out); restores a trashed one. */
  update(kind: Kind, id: string, view: View): Promise<RemoteRecord>;
  /** Puts the record in the peer's trash (terms, which have none, are deleted). */
  trash(kind: Kind, id: string): Promise<void>;
  /**
   * After a crash between sending a create and storing its answer: the record a create of
   * `view` made at or after `since` (UTC), if the peer has one; never one of `taken`.
   */
  findCreated(
    kind: Kind,
    view: View,
    since: string,
    taken: ReadonlySet<string>,
  ): Promise<string | undefined>;
};
