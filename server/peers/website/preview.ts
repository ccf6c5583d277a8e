/**
 * The first sync's preview: how many records each side has, how many look like the same record
 * (and by what, naming each pair), how many of those hold different values of a field (each
 * such field waits for the user; a value one side lacks goes to it), and what each side will
 * get. A series counts as one event here, and is named with the occurrences it goes to the site
 * as: TEC without Pro has no series, so twelve weeks become twelve posts. It reads both sides
 * and writes nothing.
 */
import { KINDS, KIND, type Kind } from '#shared/kinds/registry.ts';
import { MATCHED_LISTED, type SitePreview } from '#shared/schemas/site.ts';
import { type KindCounts } from '#shared/schemas/peer.ts';
import { publishable } from './creations.ts';
import { MATCHED_BY, matchRecords } from './identity.ts';
import type { LocalRecords } from '../local-records.ts';
import type { Remote, View } from './remote.ts';
import { mergeRecord } from './merge.ts';
import { nameOf } from '../pass.ts';
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
    series: [],
    matched: [],
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
    const all = local.all(kind).filter((record) => record.status !== 'trash');
    const locals = all
      .filter((record) => publishable(kind, record))
      .map((record) => ({ key: record.uuid, view: localView(kind, record, fields, languages) }));
    const pairs = matchRecords(kind, locals, remotes);
    const localViews = new Map(locals.map((entry) => [entry.key, entry.view]));
    const remoteViews = new Map(remotes.map((entry) => [entry.key, entry.view]));
    preview.site[kind] = remotes.length;
    preview.same[kind] = pairs.length;
    for (const [uuid, id] of pairs.slice(0, MATCHED_LISTED)) {
      const here = localViews.get(uuid);
      const there = remoteViews.get(id);
      preview.matched.push({
        kind,
        calendar: nameOf(here) ?? '',
        site: nameOf(there) ?? '',
        ...(kind === 'event' && typeof here?.start === 'string' ? { start: here.start } : {}),
      });
    }
    preview.differing[kind] = pairs.filter(([uuid, id]) =>
      differ(kind, fields, localViews.get(uuid), remoteViews.get(id)),
    ).length;
    preview.toSite[kind] = locals.length - pairs.length;
    preview.toCalendar[kind] = remotes.length - pairs.length;
    if (kind !== 'event') {
      preview.calendar[kind] = locals.length;
      continue;
    }
    // The user counts a series as one event: its occurrences are what the site is sent.
    const perSeries = new Map<unknown, number>();
    for (const record of all)
      if (record.parentUuid && publishable(kind, record))
        perSeries.set(record.parentUuid, (perSeries.get(record.parentUuid) ?? 0) + 1);
    const series = all.filter((record) => record.recurrence);
    preview.series = series.map((record) => ({
      name: nameOf(localView(kind, record, fields, languages)) ?? '',
      occurrences: perSeries.get(record.uuid) ?? 0,
    }));
    const inSeries = preview.series.reduce((sum, each) => sum + each.occurrences, 0);
    preview.calendar.event = locals.length - inSeries + series.length;
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
