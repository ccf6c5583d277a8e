/**
 * A term made on both sides before they met: a category "Jazz" made here and on the hub, each
 * under its own uuid. WordPress's rule (one term per name and parent, `term_exists`) refuses
 * the hub's here and this calendar's there, and every event naming either waited, refused on
 * the other side. The two are one category: the one here, which the hub has never had, gives
 * way to the hub's, and what named it names the hub's, so that both sides hold one record.
 */
import { KIND, KINDS, type Kind } from '#shared/kinds/registry.ts';
import type { DomainError } from '../../domain/errors.ts';
import type { LocalRecord } from '../local-records.ts';
import type { HubPass } from './hub-pass-state.ts';

type Naming = { kind: Kind; id: number; field: string; value: string | string[] };

/** Every record naming `uuid` (a `kind`), with the field that names it. */
function namingRecords(pass: HubPass, kind: Kind, uuid: string): Naming[] {
  const found: Naming[] = [];
  for (const other of KINDS)
    for (const [field, target] of Object.entries(KIND[other].links)) {
      if (target !== kind) continue;
      for (const record of pass.local.all(other)) {
        const value = record[field];
        if (value === uuid || (Array.isArray(value) && value.includes(uuid)))
          found.push({ kind: other, id: record.id, field, value: value as string | string[] });
      }
    }
  return found;
}

/**
 * The record here that `refusal` (a hub term's create refused as `term_exists`) names, when
 * the hub has never had it: the namesake to give way. Undefined otherwise.
 */
export function namesakeOf(
  pass: HubPass,
  kind: Kind,
  refusal: DomainError,
): LocalRecord | undefined {
  if (refusal.code !== 'term_exists') return undefined;
  const id = Number((refusal.data as { term_id?: unknown } | undefined)?.term_id);
  const namesake = pass.local.all(kind).find((record) => record.id === id);
  if (!namesake || pass.repo.record(pass.peer.id, kind, namesake.uuid)) return undefined;
  return namesake;
}

/**
 * The namesake gives way: deleted here (the hub never had it: nothing goes there), `take`
 * writes the hub's record, and what named the namesake names the hub's.
 */
export function giveWay(
  pass: HubPass,
  kind: Kind,
  namesake: LocalRecord,
  hubUuid: string,
  take: () => void,
): void {
  const naming = namingRecords(pass, kind, namesake.uuid);
  // One write: a crash midway must not leave the events without their category.
  pass.changes.write(() => {
    pass.local.remove(kind, namesake.id, pass.context, () => undefined);
    take();
    for (const { kind: other, id, field, value } of naming) {
      const next = Array.isArray(value)
        ? [...new Set(value.map((uuid) => (uuid === namesake.uuid ? hubUuid : uuid)))]
        : hubUuid;
      pass.local.write(other, { id }, { [field]: next }, pass.context, () => undefined);
    }
  });
}
