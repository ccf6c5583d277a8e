/**
 * This calendar's links to the website, handed to its hub: a laptop that synced with the website
 * itself (or still does, until it joins) knows which post there is which of its records; the
 * hub, which syncs with the website for every laptop from then on, needs to know too, or a
 * record trashed there and restored later would be made as a second post (handed-links.ts on
 * the hub). Sent at the start of a pass, before the records they are of, so that the hub never
 * sees a record without its link; once for each website sync this calendar had (a calendar
 * that syncs with the website again, later, hands its links again when it joins a hub).
 */
import { KINDS } from '#shared/kinds/registry.ts';
import type { SiteLink } from '#shared/schemas/site.ts';
import type { PeerRow, PeersRepo } from '../../store/peers.repo.ts';
import type { LocalRecords } from '../local-records.ts';
import { storedNote } from '../log-note.ts';
import { HubError } from './hub-error.ts';
import type { HubHttp } from './hub-http.ts';

/** Links in one request (each carries two views of its record). */
const BATCH = 200;

export async function handLinks(
  deps: { repo: PeersRepo; local: LocalRecords; at: () => string },
  hub: PeerRow,
  http: HubHttp,
): Promise<void> {
  const { repo, local } = deps;
  const site = repo.website();
  if (!site) return;
  const mark = `${hub.address} ${site.lastSyncUtc ?? ''}`;
  if (site.watermarks.handedTo === mark) return;
  const links: SiteLink[] = KINDS.flatMap((kind) =>
    repo.records(site.id, kind).flatMap((row) =>
      row.remoteId && local.get(kind, row.uuid)
        ? [
            {
              kind,
              uuid: row.uuid,
              remoteId: row.remoteId,
              remoteVersion: row.remoteVersion,
              baseLocal: row.baseLocal,
              baseRemote: row.baseRemote,
            },
          ]
        : [],
    ),
  );
  try {
    for (let start = 0; start < links.length; start += BATCH)
      await http.handLinks(site.address, links.slice(start, start + BATCH));
  } catch (error) {
    // A hub of an older version, with no such route: the sync goes on without (asked again at
    // each pass, so that the links go once it is updated).
    if (error instanceof HubError && error.problem === 'version') return;
    throw error;
  }
  repo.setWatermarks(site.id, { ...site.watermarks, handedTo: mark });
  if (links.length > 0)
    repo.log(hub.id, {
      at: deps.at(),
      action: 'handed',
      kind: null,
      uuid: null,
      remoteId: null,
      name: null,
      note: storedNote({
        key: 'linksHanded',
        values: { count: String(links.length), address: site.address },
      }),
    });
}
