/**
 * A write to the site that was sent, but whose answer was never stored (Marquee stopped: a crash,
 * a kill, a power cut). Its intent says what was sent and when; the next pass finds out what
 * the site did with it before doing anything else to the record:
 * - a create: the record the site made from it, if any (Remote.findCreated), becomes this
 *   record's, with what was sent as the agreed base: it is never made a second time; if the site
 *   has none, the intent is dropped and the record goes as new;
 * - an update: if the site's record now says what was sent, it was this write, and the bases
 *   move to it; else the site's record is a change like any other (merged, or a conflict);
 * - a trash: the merge sees the site's trash, or sends it again.
 */
import type { PeerRecordRow } from '../../store/peers.repo.ts';
import { toUuids } from './links.ts';
import { log, nameOf, parseIntent, saved, type Pass } from '../pass.ts';
import { sameValue } from './view.ts';

export async function recoverIntent(
  pass: Pass,
  row: PeerRecordRow,
): Promise<PeerRecordRow | undefined> {
  const intent = parseIntent(row);
  if (!intent || pass.dryRun) return row;
  const { kind } = row;
  const peerId = pass.peer.id;
  if (intent.op === 'create' && !row.remoteId) {
    const taken = new Set(
      pass.repo.records(peerId, kind).flatMap((other) => (other.remoteId ? [other.remoteId] : [])),
    );
    const found = await pass.remote.findCreated(kind, intent.view, intent.at, taken);
    const read = found ? (await pass.remote.read(kind, [found])).records[0] : undefined;
    if (!found || !read?.view) {
      pass.repo.forget(peerId, kind, row.uuid);
      return undefined;
    }
    const adopted = saved(row, {
      remoteId: found,
      remoteVersion: read.version,
      baseLocal: JSON.stringify(await toUuids(pass, kind, intent.view)),
      baseRemote: JSON.stringify(await toUuids(pass, kind, read.view)),
      intent: null,
    });
    pass.repo.save(peerId, adopted);
    log(pass, 'linked', {
      kind,
      uuid: row.uuid,
      remoteId: found,
      name: nameOf(intent.view),
      note: { key: 'recovered', values: {} },
    });
    return adopted;
  }
  if (intent.op === 'update' && row.remoteId) {
    const read = (await pass.remote.read(kind, [row.remoteId])).records[0];
    const ours =
      read?.view &&
      pass.remote.fields[kind].every((field) =>
        sameValue(field, read.view?.[field] ?? null, intent.view[field] ?? null),
      );
    const adopted = ours
      ? saved(row, {
          remoteVersion: read.version,
          baseLocal: JSON.stringify(await toUuids(pass, kind, intent.view)),
          baseRemote: JSON.stringify(await toUuids(pass, kind, read.view!)),
          intent: null,
        })
      : saved(row, { intent: null });
    pass.repo.save(peerId, adopted);
    return adopted;
  }
  const cleared = saved(row, { intent: null });
  pass.repo.save(peerId, cleared);
  return cleared;
}
