/**
 * A view's links between the two sides' ids: Marquee's uuids ⇄ the peer's ids, by each record's
 * bookkeeping. A linked record the other side has not got yet is made there first (an event's new
 * venue goes to the site before the event; a category new on the site comes in before its
 * events): `Pass.ensure` does that. A link that cannot be made is left out, and said so.
 */
import { KIND, type Kind } from '#shared/kinds/registry.ts';
import type { Pass } from '../pass.ts';
import type { View, ViewValue } from './remote.ts';

/** The link fields the peer carries for a kind, and the kind each names. */
function linkFields(pass: Pass, kind: Kind): [string, Kind][] {
  const carried = pass.remote.fields[kind];
  const links: Readonly<Record<string, Kind>> = KIND[kind].links;
  return Object.entries(links).filter(([field]) => carried.includes(field));
}

async function mapLinks(
  pass: Pass,
  kind: Kind,
  view: View,
  one: (linked: Kind, id: string) => Promise<string | null>,
): Promise<View> {
  const out: Record<string, ViewValue> = { ...view };
  for (const [field, linked] of linkFields(pass, kind)) {
    const value = view[field];
    if (Array.isArray(value)) {
      const mapped = await Promise.all((value as string[]).map((id) => one(linked, id)));
      out[field] = mapped.filter((id): id is string => id !== null);
    } else if (typeof value === 'string' && value) out[field] = await one(linked, value);
  }
  return out;
}

/** A view of Marquee's, its links as the peer's ids (records the peer lacks are sent first). */
export function toRemoteIds(pass: Pass, kind: Kind, view: View): Promise<View> {
  return mapLinks(pass, kind, view, async (linked, uuid) => {
    const known = pass.repo.record(pass.peer.id, linked, uuid)?.remoteId;
    return known ?? pass.ensure.pushed(linked, uuid);
  });
}

/** A view of the peer's, its links as Marquee's uuids (records Marquee lacks are taken first). */
export function toUuids(pass: Pass, kind: Kind, view: View): Promise<View> {
  return mapLinks(pass, kind, view, async (linked, remoteId) => {
    const known = pass.repo.byRemoteId(pass.peer.id, linked, remoteId)?.uuid;
    return known ?? pass.ensure.pulled(linked, remoteId);
  });
}
