/**
 * What a first sync with a hub would do: the hub's records (every page of a pull from 0,
 * nothing written) against this calendar's, by uuid, so an empty laptop sees what will arrive.
 * A record on one side only goes to the other; the same uuid on both is one record, and its
 * differing fields wait for a decision. Back on a hub it knew (a new token), what changed here
 * since the last sync with it goes too, and counts among what goes to the hub.
 */
import { pullAll } from '#shared/sync/replica-client.ts';
import { KINDS, type Kind } from '#shared/kinds/registry.ts';
import type { HubPreview } from '#shared/schemas/hub.ts';
import type { LocalRecords } from '../local-records.ts';
import type { HubHttp } from './hub-http.ts';

const counts = (): Record<Kind, number> => ({
  event: 0,
  venue: 0,
  organizer: 0,
  category: 0,
  tag: 0,
});

/**
 * `waiting`: `kind:uuid` of each change here the hub has not had (a kept sync's candidates),
 * a deletion among them.
 */
export async function previewHub(
  http: HubHttp,
  local: LocalRecords,
  waiting: ReadonlySet<string>,
): Promise<HubPreview> {
  const preview: HubPreview = {
    hub: counts(),
    calendar: counts(),
    same: counts(),
    toHub: counts(),
    toCalendar: counts(),
  };
  const onHub = new Map<Kind, Set<string>>(KINDS.map((kind) => [kind, new Set()]));
  // Read from the start, kept nowhere: only counted.
  await pullAll(
    http.line,
    {
      checkpoint: () => '0',
      mirrored: () => undefined,
      take: (page) => {
        for (const kind of KINDS)
          for (const record of page.records[kind]) onHub.get(kind)!.add(record.uuid);
      },
      restart: () => undefined,
    },
    { clientId: 'preview-first-sync', limit: 5000 },
  );
  for (const kind of KINDS) {
    const hub = onHub.get(kind)!;
    const here = new Set(local.all(kind).map((record) => record.uuid));
    const same = [...here].filter((uuid) => hub.has(uuid)).length;
    const changed = [...hub].filter((uuid) => waiting.has(`${kind}:${uuid}`)).length;
    preview.hub[kind] = hub.size;
    preview.calendar[kind] = here.size;
    preview.same[kind] = same;
    preview.toHub[kind] = here.size - same + changed;
    preview.toCalendar[kind] = hub.size - same;
  }
  return preview;
}
