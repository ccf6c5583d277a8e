/**
 * The first sync's preview: how many records each side has, how many look like the same record
 * (and by what), how many of those hold different values of a field (each such field waits for
 * the user; a value one side lacks goes to it), and what each side will get. It reads both
 * sides and writes nothing.
 */
import { KINDS, KIND, type Kind } from '#shared/kinds/registry.ts';
import type { KindCounts, SitePreview } from '#shared/schemas/site.ts';
import { publishable } from './creations.ts';
import { MATCHED_BY, matchRecords } from './identity.ts';
import type { LocalRecords } from './local-records.ts';
import type { Remote, View } from './remote.ts';
import { mergeRecord } from './merge.ts';
import { localView, type PeerLanguages } from './view.ts';

const zero = (): KindCounts => ({ event: 0, venue: 0, organizer: 0, category: 0, tag: 0 });

export async function previewFirstSync(
  remote: Remote,
  local: LocalRecords,
  languages: PeerLanguages,
): Promise<SitePreview> {
  const preview: SitePreview = {
    site: zero(),
    calendar: zero(),
    same: zero(),
    matchedBy: MATCHED_BY,
    differing: zero(),
    toSite: zero(),
    toCalendar: zero(),
  };
  for (const kind of KINDS) {
    const fields = remote.fields[kind];
    const listing = await remote.list(kind);
    const ids = listing.listed.filter((listed) => !listed.trashed).map((listed) => listed.id);
    const { records } = await remote.read(kind, ids);
    const remotes = records.flatMap((record) =>
      record.view ? [{ key: record.id, view: record.view }] : [],
    );
    const locals = local
      .all(kind)
      .filter((record) => publishable(kind, record))
      .map((record) => ({ key: record.uuid, view: localView(kind, record, fields, languages) }));
    const pairs = matchRecords(kind, locals, remotes);
    const localViews = new Map(locals.map((entry) => [entry.key, entry.view]));
    const remoteViews = new Map(remotes.map((entry) => [entry.key, entry.view]));
    preview.site[kind] = remotes.length;
    preview.calendar[kind] = locals.length;
    preview.same[kind] = pairs.length;
    preview.differing[kind] = pairs.filter(([uuid, id]) =>
      differ(kind, fields, localViews.get(uuid), remoteViews.get(id)),
    ).length;
    preview.toSite[kind] = locals.length - pairs.length;
    preview.toCalendar[kind] = remotes.length - pairs.length;
  }
  return preview;
}

/**
 * Whether two records that look the same hold different values of a field (links aside: their
 * ids differ): what the first sync's merge leaves for the user (a value one side lacks is not).
 */
function differ(kind: Kind, fields: readonly string[], a: View | undefined, b: View | undefined) {
  if (!a || !b) return false;
  const links = new Set(Object.keys(KIND[kind].links));
  const merged = mergeRecord({
    kind,
    fields: fields.filter((field) => !links.has(field)),
    local: a,
    remote: b,
    baseLocal: undefined,
    baseRemote: undefined,
    held: new Set(),
  });
  return Object.keys(merged.conflicts).length > 0;
}
