/**
 * Conflicts with the website, as the editor's conflict screen shows them ("the website's" /
 * "yours", field by field, values in the record's shape) and as the user decides them. Keeping
 * the website's value writes it into Marquee now; keeping Marquee's marks the record to be sent
 * by the next pass (its base is set apart from every value: merge.ts UNAGREED). Either way the
 * site's value the user saw becomes the site's base, so a change made there since is noticed.
 */
import { isTranslatable, KIND, type Kind } from '#shared/kinds/registry.ts';
import type { ConflictChoice, SiteConflict } from '#shared/schemas/site.ts';
import type { DomainContext } from '../../domain/context.ts';
import type { PeerRow, PeersRepo } from '../../store/peers.repo.ts';
import { shownConflictFields } from './conflict-rows.ts';
import { parseConflictValues } from '../core/conflict-values.ts';
import { openConflict } from '../core/open-conflict.ts';
import type { LocalRecords } from '../local-records.ts';
import { UNAGREED, type ConflictFields } from './merge.ts';
import { nameOf, parseView } from '../pass.ts';
import type { ViewValue } from './remote.ts';
import { localView, mergeUnit, patchOfView, type PeerLanguages } from './view.ts';

type Deps = {
  repo: PeersRepo;
  local: LocalRecords;
  fields: Readonly<Record<Kind, readonly string[]>>;
};

/** A view's value as the record holds it: a text in the site's language. */
function recordValue(kind: Kind, field: string, value: ViewValue, languages: PeerLanguages) {
  return isTranslatable(kind, field) ? { [languages.language]: value ?? '' } : value;
}

export function listConflicts(deps: Deps, peer: PeerRow, languages: PeerLanguages): SiteConflict[] {
  return deps.repo.conflicts(peer.id).map((conflict) => {
    const fields: ConflictFields = parseConflictValues(conflict.fields);
    const record = deps.local.get(conflict.kind, conflict.uuid);
    const view = record
      ? localView(conflict.kind, record, deps.fields[conflict.kind], languages)
      : undefined;
    // A unit the two never agreed on has no base (record-merge.ts keeps none for it).
    const base = parseView(
      deps.repo.record(peer.id, conflict.kind, conflict.uuid)?.baseRemote ?? null,
    );
    return {
      id: conflict.id,
      kind: conflict.kind,
      uuid: conflict.uuid,
      name: nameOf(view) ?? '',
      fields: Object.fromEntries(
        Object.entries(shownConflictFields(conflict.kind, fields)).map(([field, values]) => [
          field,
          {
            marquee: recordValue(conflict.kind, field, values.mine, languages),
            site: recordValue(conflict.kind, field, values.theirs, languages),
          },
        ]),
      ),
      neverAgreed: Object.keys(fields).every((field) => base?.[field] === undefined),
      created: conflict.createdUtc,
    };
  });
}

/** What a decision kept: the record, and its fields by the side whose value was kept. */
type Decision = {
  kind: Kind;
  uuid: string;
  name: string | null;
  marquee: string[];
  site: string[];
};

export function resolveConflict(
  deps: Deps,
  peer: PeerRow,
  id: number,
  keep: ConflictChoice,
  context: DomainContext,
  languages: PeerLanguages,
): Decision {
  const { kind, uuid, fields } = openConflict<ViewValue>(
    deps.repo,
    peer,
    id,
    'marquee_site_conflict_not_found',
  );
  const row = deps.repo.record(peer.id, kind, uuid);
  const record = deps.local.get(kind, uuid);
  // A choice named for a field the editor shows holds for the fields of its unit (a region).
  const choice = (field: string) =>
    typeof keep === 'string' ? keep : (keep[field] ?? keep[mergeUnit(kind, field)] ?? 'site');
  const baseLocal: Record<string, ViewValue> = { ...parseView(row?.baseLocal ?? null) };
  const baseRemote: Record<string, ViewValue> = { ...parseView(row?.baseRemote ?? null) };
  const theirs: Record<string, ViewValue> = {};
  let mine = false;
  for (const [field, values] of Object.entries(fields)) {
    baseRemote[field] = values.theirs;
    if (choice(field) === 'site') theirs[field] = values.theirs;
    else {
      baseLocal[field] = UNAGREED;
      mine = true;
    }
  }
  const decision: Decision = {
    kind,
    uuid,
    name: record ? (nameOf(localView(kind, record, deps.fields[kind], languages)) ?? null) : null,
    marquee: Object.keys(fields).filter((field) => choice(field) !== 'site'),
    site: Object.keys(theirs),
  };
  if (!row || !record) {
    // The record is gone from one side meanwhile: nothing is left to decide.
    if (row) deps.repo.decided(peer.id, row);
    else deps.repo.dropConflict(peer.id, kind, uuid);
    return decision;
  }
  const bookkeeping = (localRev: number) => ({
    ...row,
    localRev: mine ? -1 : localRev,
    baseLocal: JSON.stringify(baseLocal),
    baseRemote: JSON.stringify(baseRemote),
  });
  if (Object.keys(theirs).length === 0) {
    deps.repo.decided(peer.id, bookkeeping(record.rev));
    return decision;
  }
  const patch = validPatch(kind, patchOfView(kind, theirs, languages.language));
  deps.local.write(kind, { id: record.id }, patch, context, (stored, rev) => {
    const view = localView(kind, stored, deps.fields[kind], languages);
    for (const field of Object.keys(theirs)) baseLocal[field] = view[field] ?? null;
    // Named as it is now: the website's title, when that is what was kept.
    decision.name = nameOf(view) ?? null;
    deps.repo.decided(peer.id, bookkeeping(rev));
  });
  return decision;
}

/** The patch without what the kind's schema refuses (Marquee then keeps its own value). */
function validPatch(kind: Kind, patch: Record<string, unknown>): Record<string, unknown> {
  const parsed = KIND[kind].patch.safeParse(patch);
  if (parsed.success) return patch;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  return Object.fromEntries(Object.entries(patch).filter(([field]) => !bad.has(field)));
}
