/**
 * One record of a pass, whatever happened to it: made on one side (it goes to the other),
 * deleted for good on one side, found to be the same as one on the other (a first sync), or
 * known to both (merged: record-merge.ts). A write sent before a crash is settled first
 * (intents.ts). Deletions: Marquee's trash is the site's and back; a record deleted for good on
 * the site is moved to Marquee's trash (restorable), with a note in the log; one deleted for good
 * in Marquee goes to the site's trash. Terms have no trash on either side: they are deleted.
 */
import type { Kind } from '#shared/kinds/registry.ts';
import type { PeerRecordRow } from '../../store/peers.repo.ts';
import { pullNew, pushNew } from './creations.ts';
import { yieldTurn } from '../../pace.ts';
import { recoverIntent } from './intents.ts';
import type { LocalRecord } from '../local-records.ts';
import { log, nameOf, newRow, type Pass } from '../pass.ts';
import { mergeBoth } from './record-merge.ts';
import type { RemoteRecord } from './remote.ts';
import { localView } from './view.ts';

export type Item = {
  kind: Kind;
  /** Marquee's record, when it has one (or had: deleted for good). */
  uuid?: string | undefined;
  /** The site's record, when it has one. */
  remoteId?: string | undefined;
  /** The site's record, read this pass. */
  remote?: RemoteRecord | undefined;
  /** The site has it no more (every read answers 404). */
  gone?: boolean;
  /** A first sync found Marquee's record `uuid` and the site's `remoteId` to be the same. */
  matched?: boolean;
};

const isTerm = (kind: Kind) => kind === 'category' || kind === 'tag';

export function startPass(pass: Pass): void {
  pass.ensure = {
    pushed: (kind, uuid) => pushNew(pass, kind, uuid),
    pulled: (kind, remoteId) => pullNew(pass, kind, remoteId),
  };
}

export async function reconcile(pass: Pass, item: Item): Promise<void> {
  const { kind } = item;
  const peerId = pass.peer.id;
  let row = item.uuid
    ? pass.repo.record(peerId, kind, item.uuid)
    : item.remoteId
      ? pass.repo.byRemoteId(peerId, kind, item.remoteId)
      : undefined;
  if (row?.intent) row = await recoverIntent(pass, row);
  const uuid = row?.uuid ?? item.uuid;
  const record = uuid ? pass.local.get(kind, uuid) : undefined;
  if (!row?.remoteId && item.matched && record && item.remote?.view && item.remoteId) {
    row = {
      ...newRow(kind, record.uuid),
      remoteId: item.remoteId,
      remoteVersion: item.remote.version,
    };
    if (!pass.dryRun) pass.repo.save(peerId, row);
    log(pass, 'linked', {
      kind,
      uuid: record.uuid,
      remoteId: item.remoteId,
      name: nameOf(item.remote.view),
      note: { key: `matched.${kind}`, values: {} },
    });
  }
  if (row?.remoteId) {
    if (!record) return marqueeDeleted(pass, row, item.gone === true);
    if (item.gone) return siteDeleted(pass, row, record);
    if (kind === 'event' && record.recurrence) return retire(pass, row);
    return mergeBoth(pass, row, record, item.remote, (gone, now) => siteDeleted(pass, gone, now));
  }
  if (record) {
    await pass.ensure.pushed(kind, record.uuid);
    return;
  }
  if (item.remoteId && item.remote?.view && !item.remote.trashed)
    await pullNew(pass, kind, item.remoteId, item.remote);
}

/** Deleted for good in Marquee: to the site's trash (terms are deleted), and forgotten. */
async function marqueeDeleted(pass: Pass, row: PeerRecordRow, gone: boolean): Promise<void> {
  if (pass.dryRun) {
    pass.summary.deleted += 1;
    return;
  }
  if (!gone) await pass.remote.trash(row.kind, row.remoteId!);
  pass.repo.forget(pass.peer.id, row.kind, row.uuid);
  pass.repo.dropConflict(pass.peer.id, row.kind, row.uuid);
  pass.summary.deleted += 1;
  log(pass, 'deleted', {
    kind: row.kind,
    uuid: row.uuid,
    remoteId: row.remoteId,
    note: { key: isTerm(row.kind) ? 'deletedHere.term' : 'deletedHere.post', values: {} },
  });
}

/**
 * Deleted for good on the site (every read answers 404): Marquee's record goes to its trash,
 * where it can be restored (a term, which has no trash, is deleted), and is forgotten by the
 * peer: restored, it goes to the site as a new record.
 */
async function siteDeleted(pass: Pass, row: PeerRecordRow, record: LocalRecord): Promise<void> {
  const { kind, uuid } = row;
  const peerId = pass.peer.id;
  const name = nameOf(localView(kind, record, pass.remote.fields[kind], pass.languages));
  if (pass.dryRun) {
    pass.summary.deleted += 1;
    return;
  }
  const forget = () => {
    pass.repo.forget(peerId, kind, uuid);
    pass.repo.dropConflict(peerId, kind, uuid);
  };
  if (isTerm(kind)) pass.local.remove(kind, record.id, pass.context, forget);
  else if (record.status !== 'trash')
    pass.local.write(kind, { id: record.id }, { status: 'trash' }, pass.context, forget);
  else forget();
  pass.summary.deleted += 1;
  log(pass, 'deleted', {
    kind,
    uuid,
    remoteId: row.remoteId,
    name,
    note: { key: isTerm(kind) ? 'deletedThere.term' : 'deletedThere.post', values: {} },
  });
  await yieldTurn();
}

/** An event that became a series: its occurrences go to the site; the event leaves it. */
async function retire(pass: Pass, row: PeerRecordRow): Promise<void> {
  if (pass.dryRun) return;
  await pass.remote.trash(row.kind, row.remoteId!);
  pass.repo.forget(pass.peer.id, row.kind, row.uuid);
  log(pass, 'deleted', {
    kind: row.kind,
    uuid: row.uuid,
    remoteId: row.remoteId,
    note: { key: 'becameSeries', values: {} },
  });
}
