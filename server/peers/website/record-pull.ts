/**
 * The website's changes to a record both sides have, written into Marquee through the kind's
 * write command (record-merge.ts decided them): the fields that now agree move their bases in
 * the same transaction; a refusal of Marquee's rules is logged, and the record waits.
 */
import { refusalOf } from '../../domain/errors.ts';
import type { PeerRecordRow } from '../../store/peers.repo.ts';
import { checkedPatch, viewOfLocal } from './creations.ts';
import type { LocalRecord } from '../local-records.ts';
import type { Merged } from './merge.ts';
import { yieldTurn } from '../../pace.ts';
import { log, nameOf, parseView, reached, saved, type Pass } from '../pass.ts';

/** Writes the site's changes into Marquee: the record as stored then, or 'refused'. */
export async function pullMerged(
  pass: Pass,
  row: PeerRecordRow,
  record: LocalRecord,
  merged: Merged,
  version: string | null,
): Promise<LocalRecord | 'refused'> {
  const { kind, uuid } = row;
  if (Object.keys(merged.pull).length === 0) return record;
  if (pass.dryRun) {
    pass.summary.received += 1;
    return record;
  }
  const patch = checkedPatch(pass, kind, merged.pull, uuid);
  let stored: LocalRecord;
  try {
    stored = pass.local.write(kind, { id: record.id }, patch, pass.context, (written, rev) => {
      // The pulled fields agree now: their bases move with the write, in its transaction.
      const baseLocal = { ...parseView(row.baseLocal) };
      const baseRemote = { ...parseView(row.baseRemote) };
      const view = viewOfLocal(pass, kind, written);
      for (const field of Object.keys(merged.pull)) {
        baseLocal[field] = view[field] ?? null;
        baseRemote[field] = merged.pull[field] ?? null;
      }
      pass.repo.save(
        pass.peer.id,
        saved(row, {
          remoteVersion: version,
          localRev: rev,
          baseLocal: JSON.stringify(baseLocal),
          baseRemote: JSON.stringify(baseRemote),
        }),
      );
    });
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    log(pass, 'refused', {
      kind,
      uuid,
      remoteId: row.remoteId,
      note: { key: 'said', values: { message: refusal.message } },
    });
    return 'refused';
  }
  const doubleBooked = pass.local.doubleBooking(kind, stored, pass.context);
  if (doubleBooked)
    log(pass, 'doubleBooked', {
      kind,
      uuid,
      remoteId: row.remoteId,
      note: { key: 'said', values: { message: doubleBooked } },
    });
  pass.summary.received += 1;
  // The site's trash taken into Marquee's reads as that, not as a field that changed.
  const trashed = merged.pull.status === 'trash';
  log(pass, trashed ? 'deleted' : 'received', {
    kind,
    uuid,
    remoteId: row.remoteId,
    name: nameOf(viewOfLocal(pass, kind, stored)),
    note: trashed
      ? { key: 'trashedThere', values: {} }
      : { key: 'fields', values: { fields: Object.keys(merged.pull) } },
  });
  await reached(pass, 'pulled', kind, uuid);
  await yieldTurn();
  return stored;
}
