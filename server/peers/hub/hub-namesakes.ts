/**
 * A term made on both sides before they met: a category "Jazz" made here and on the hub, each
 * under its own uuid. WordPress's rule (one term per name and parent, `term_exists`) refuses
 * the hub's here and this calendar's there, and every event naming either waited, refused on
 * the other side. The two are one category: the one here, which the hub has never had, gives
 * way to the hub's, and what named it names the hub's, so that both sides hold one record.
 */
import type { Kind } from '#shared/kinds/registry.ts';
import { linksMoved } from '../links-moved.ts';
import type { DomainError } from '../../domain/errors.ts';
import type { LocalRecord } from '../local-records.ts';
import type { HubPass } from './hub-pass-state.ts';

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
  const namesake = Number.isInteger(id) ? pass.local.load(kind, [id])[0] : undefined;
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
  // Read before the namesake goes: its deletion unlinks it from what named it.
  const moves = pass.local.naming(kind, namesake).flatMap(({ kind: other, record }) => {
    const patch = linksMoved(other, record, kind, namesake.uuid, hubUuid);
    return patch ? [{ kind: other, id: record.id, patch }] : [];
  });
  // One write: a crash midway must not leave the events without their category.
  pass.changes.write(() => {
    pass.local.remove(kind, namesake.id, pass.context, () => undefined);
    take();
    for (const move of moves)
      pass.local.write(move.kind, { id: move.id }, move.patch, pass.context, () => undefined);
  });
}
