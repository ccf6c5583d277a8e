/**
 * One record held twice: a laptop that synced with the website itself joined a hub that did
 * too, so each had made its own record of the same post, under its own uuid. The laptop's
 * link to that post (handed-links.ts) says so, and its record is folded into the hub's: what
 * the laptop changed of it since its own last sync with the website (its view against the base
 * it kept) is written on the hub's record, every record that names the laptop's names the hub's,
 * and the laptop's is deleted. Deletion and rewrites reach the laptops by the hub sync, so every
 * calendar and the website keep one record, one post.
 *
 * Links are not carried as changes: the base keeps them as the website's ids, which the view of
 * a record does not hold; a link or a slug the laptop changed since its last sync is what is
 * lost.
 */
import { KIND, type Kind } from '#shared/kinds/registry.ts';
import { linksMoved } from '../links-moved.ts';
import type { DomainContext } from '../../domain/context.ts';
import type { LocalRecord, LocalRecords } from '../local-records.ts';
import { localView, patchOfView, sameValue, type PeerLanguages } from './view.ts';
import type { View } from './remote.ts';

/** What a laptop kept of its last agreement with the website on a record. */
type Handed = { baseLocal: string | null };

export type FoldDeps = {
  local: LocalRecords;
  context: DomainContext;
  languages: PeerLanguages;
  fields: Readonly<Record<Kind, readonly string[]>>;
};

/**
 * Not carried: links (below), and the slug, which the hub's own uniqueness renamed on the
 * laptop's copy ("-2": the hub's record held it), not the laptop.
 */
const carried = (kind: Kind, field: string) => field !== 'slug' && !(field in KIND[kind].links);

/** The fields the laptop changed since its last sync with the website, and their values. */
function ownChanges(deps: FoldDeps, kind: Kind, record: LocalRecord, link: Handed): View {
  const base = link.baseLocal ? (JSON.parse(link.baseLocal) as View) : undefined;
  if (!base) return {};
  const now = localView(kind, record, deps.fields[kind], deps.languages);
  const changed: Record<string, View[string]> = {};
  for (const [field, value] of Object.entries(now))
    if (carried(kind, field) && !sameValue(field, value, base[field] ?? null))
      changed[field] = value;
  return changed;
}

/** Every record naming `from` (of `kind`) names `to` instead. */
function pointAt(deps: FoldDeps, kind: Kind, from: LocalRecord, to: string): void {
  for (const naming of deps.local.naming(kind, from)) {
    const patch = linksMoved(naming.kind, naming.record, kind, from.uuid, to);
    if (patch)
      deps.local.write(naming.kind, { id: naming.record.id }, patch, deps.context, () => {});
  }
}

/** Folds the laptop's record `duplicate` into `keeper`, the one the website's post is linked to. */
export function foldDuplicate(
  deps: FoldDeps,
  kind: Kind,
  duplicate: LocalRecord,
  keeper: LocalRecord,
  link: Handed,
): void {
  const changes = ownChanges(deps, kind, duplicate, link);
  if (Object.keys(changes).length > 0)
    deps.local.write(
      kind,
      { id: keeper.id },
      patchOfView(kind, changes, deps.languages.language),
      deps.context,
      () => {},
    );
  pointAt(deps, kind, duplicate, keeper.uuid);
  deps.local.remove(kind, duplicate.id, deps.context, () => {});
}
