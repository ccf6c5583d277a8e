/**
 * A record changed here as the replica protocol's mutation to the hub: the fields (flat, one
 * key per field and language) that differ from the hub's last version of it, on that version
 * (`baseRev`), so that the hub's field-level merge decides; units held in a conflict stay out.
 * A deletion is one too. hub-push.ts numbers, stores and sends them.
 */
import { type Kind } from '#shared/kinds/registry.ts';
import type { Mutation } from '#shared/schemas/sync.ts';
import { pickTranslation } from '#shared/schemas/multilingual.ts';
import type { PeerRecordRow } from '../../store/peers.repo.ts';
import type { LocalRecord } from '../local-records.ts';
import {
  createPatchOf,
  differing,
  flatten,
  keysIn,
  patchOf,
  unitsOf,
  type Flat,
} from './hub-records.ts';
import { isDerived, type HubPass } from './hub-pass-state.ts';
import { baseOf, heldUnits } from './hub-bases.ts';
import { ownValues } from './hub-slugs.ts';
import { seriesBase } from './hub-series-base.ts';

/**
 * A mutation as stored before it is sent: what it sets (flat), and the local revision sent; for
 * an occurrence never agreed with the hub, the base it was measured against (hub-series-base.ts).
 */
export type Intent = {
  mutation: Mutation;
  sent: Flat;
  rev: number;
  name: string | null;
  base?: Flat;
};

export type Built = { row: PeerRecordRow; intent: Intent };

export function build(pass: HubPass, kind: Kind, here: LocalRecord): Built | undefined {
  const { repo, peer } = pass;
  const row = repo.record(peer.id, kind, here.uuid);
  const agreed = baseOf(row);
  // An occurrence the hub has not agreed on yet: its own changes go on what its series makes.
  const derived = !agreed && isDerived(kind, here) ? seriesBase(pass.local, here) : undefined;
  const base = agreed ?? derived;
  const flat = ownValues(flatten(kind, here), row);
  const fresh = (mutation: Omit<Mutation, 'mutationId'>, sent: Flat): Built => ({
    row: {
      kind,
      uuid: here.uuid,
      remoteId: here.uuid,
      remoteVersion: row?.remoteVersion ?? null,
      localRev: row?.localRev ?? 0,
      baseLocal: row?.baseLocal ?? null,
      baseRemote: row?.baseRemote ?? null,
      intent: null,
    },
    intent: {
      mutation: { ...mutation, mutationId: 0 } as Mutation,
      sent,
      rev: here.rev,
      name: nameOf(pass, flat),
      ...(derived && { base: derived }),
    },
  });
  if (!base) {
    // Each side makes the occurrences of a series: one is never sent as new.
    if (isDerived(kind, here)) return undefined;
    return fresh(
      {
        kind,
        op: 'create',
        uuid: here.uuid,
        baseRev: 0,
        fields: createPatchOf(kind, flat),
      },
      flat,
    );
  }
  const held = heldUnits(pass, kind, here.uuid);
  const units = new Set(
    [...unitsOf(kind, differing(flat, base))].filter((unit) => !held.has(unit)),
  );
  if (units.size === 0) {
    if (row && row.localRev < 0) repo.save(peer.id, { ...row, localRev: here.rev });
    return undefined;
  }
  const keys = keysIn(kind, flat, units);
  const sent = Object.fromEntries(keys.map((key) => [key, flat[key]]));
  return fresh(
    {
      kind,
      op: 'update',
      uuid: here.uuid,
      // A never-agreed occurrence on no version: the hub applies it where only this calendar
      // wrote the occurrence (its series' create made it), else answers its own to merge.
      baseRev: Number(row?.remoteVersion ?? 0),
      fields: patchOf(kind, flat, keys),
    },
    sent,
  );
}

export function buildDelete(pass: HubPass, kind: Kind, uuid: string): Built | undefined {
  const row = pass.repo.record(pass.peer.id, kind, uuid);
  if (!row?.baseRemote) {
    if (row) pass.repo.forget(pass.peer.id, kind, uuid);
    return undefined;
  }
  return {
    row: { ...row, intent: null },
    intent: {
      mutation: {
        kind,
        op: 'delete',
        uuid,
        baseRev: Number(row.remoteVersion ?? 0),
        fields: {},
        mutationId: 0,
      },
      sent: {},
      rev: 0,
      name: null,
    },
  };
}

/** A record's name for the log, in the calendar's language where it has one. */
const nameOf = (pass: HubPass, flat: Flat): string | null => {
  const texts: Record<string, string> = {};
  for (const [key, value] of Object.entries(flat)) {
    const [field, language] = key.split('.');
    if ((field === 'title' || field === 'name') && language && typeof value === 'string' && value)
      texts[language] = value;
  }
  const { language } = pass.context;
  return pickTranslation(texts, language, language)?.value ?? null;
};
