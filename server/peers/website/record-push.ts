/**
 * Marquee's record sent to the website, whole, once record-merge.ts found the site's version
 * unchanged right before: an intent stored first (a crash leaves no duplicate: intents.ts), the
 * trash as a DELETE (a TEC update of a trashed event restores it), the bases moved after.
 */
import type { PeerRecordRow } from '../../store/peers.repo.ts';
import { sendable } from './creations.ts';
import { toRemoteIds, toUuids } from './links.ts';
import type { LocalRecord } from '../local-records.ts';
import { log, nameOf, nowUtc, reached, saved, type Pass } from '../pass.ts';
import { nextBases, type Bases } from './record-bases.ts';
import { RemoteError } from './remote-error.ts';
import type { View, ViewValue } from './remote.ts';
import { mergeUnit } from './view.ts';

/**
 * Sends Marquee's record, whole, with the site's values for the units in conflict (nothing is
 * overwritten before the user decides). Returns whether something was sent.
 */
export async function pushWhole(
  pass: Pass,
  row: PeerRecordRow,
  record: LocalRecord,
  local: View,
  remote: View,
  held: ReadonlySet<string>,
  bases: Bases,
): Promise<boolean> {
  const { kind, uuid } = row;
  const remoteId = row.remoteId!;
  const localRev = record.rev;
  const fields = pass.remote.fields[kind];
  // Marquee's values as the record's author may send them; the site's own values (units held
  // in a conflict) go back as they are.
  const outgoing: Record<string, ViewValue> = { ...sendable(pass, kind, record, local) };
  for (const field of fields)
    if (held.has(mergeUnit(kind, field))) outgoing[field] = remote[field] ?? null;
  const trash = outgoing.status === 'trash';
  const store = (written: View, version: string) => {
    const next = nextBases(fields, held, kind, bases, local, written);
    pass.repo.save(
      pass.peer.id,
      saved(row, {
        remoteVersion: version,
        localRev,
        baseLocal: JSON.stringify(next.local),
        baseRemote: JSON.stringify(next.remote),
        intent: null,
      }),
    );
  };
  if (trash && remote.status === 'trash') {
    // Both in the trash: what else changed goes with the restore (a whole update), if one comes.
    store({ ...remote }, row.remoteVersion ?? '');
    return false;
  }
  const intent = {
    op: trash ? 'trash' : 'update',
    at: nowUtc(pass),
    view: await toRemoteIds(pass, kind, outgoing),
  };
  pass.repo.saveNow(pass.peer.id, saved(row, { intent: JSON.stringify(intent) }));
  await reached(pass, 'update-intent', kind, uuid);
  try {
    if (trash) {
      await pass.remote.trash(kind, remoteId);
      const now = await pass.remote.version(kind, remoteId);
      store({ ...remote, status: 'trash' }, now?.version ?? '');
      pass.summary.deleted += 1;
      log(pass, 'deleted', {
        kind,
        uuid,
        remoteId,
        name: nameOf(local),
        note: { key: 'trashedHere', values: {} },
      });
      return true;
    }
    const written = await pass.remote.update(kind, remoteId, intent.view);
    await reached(pass, 'update-sent', kind, uuid);
    store(written.view ? await toUuids(pass, kind, written.view) : outgoing, written.version);
  } catch (error) {
    if (!(error instanceof RemoteError) || error.stopsPass) throw error;
    pass.repo.save(pass.peer.id, saved(row, { intent: null }));
    log(pass, 'refused', {
      kind,
      uuid,
      remoteId,
      name: nameOf(local),
      note: { key: 'said', values: { message: error.message } },
    });
    return false;
  }
  pass.summary.sent += 1;
  log(pass, 'sent', { kind, uuid, remoteId, name: nameOf(local) });
  return true;
}
