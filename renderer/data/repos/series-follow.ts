/**
 * The replica follows a series as the server will (docs/decisions.md "Sync"): after a local
 * write to a series, its occurrences are planned with the shared rules (planOccurrences, the
 * server's horizon) and written in the edit's transaction, with no mutation of their own: the
 * server derives the same ones, with the same uuids, from the series' mutation. Each record
 * changed so keeps the server's version in its shadow, marked with the mutation it follows
 * (`derivedBy`), so a pull replaces it with the server's and a refusal puts the server's back.
 */
import { applyPatch } from '#shared/kinds/apply-patch.ts';
import { KIND, type EventPatch } from '#shared/kinds/registry.ts';
import type { Language } from '#shared/languages.ts';
import { statusBeforeTrashAfter } from '#shared/schemas/common.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import type { Multilingual } from '#shared/schemas/multilingual.ts';
import {
  fromSeries,
  HORIZON_YEARS,
  occurrenceUuid,
  planOccurrences,
  type OwnField,
  occurrenceSlugBase,
} from '#shared/series/occurrences.ts';
import { seriesHorizon } from '#shared/series/horizon.ts';
import { normalizeRecurrence, ruleProblem, type Recurrence } from '#shared/series/recurrence.ts';
import type { MarqueeDB } from '../db.ts';

/** A local edit in progress: the replica, the clock, and the mutation that was queued for it. */
export type LocalWrite = { db: MarqueeDB; now: Date; mutationId: number };

export type Series = CalendarEvent & { recurrence: Recurrence };

/** A rule the server would refuse (unreadable, on an occurrence): the edit is not queued. */
export class SeriesRuleError extends Error {}

/**
 * The series an event belongs to: itself when it is one, its series when it is an occurrence
 * of one the replica has, else undefined.
 */
export async function seriesOf(
  db: MarqueeDB,
  event: CalendarEvent | undefined,
): Promise<Series | undefined> {
  if (event?.recurrence) return event as Series;
  if (!event?.parentUuid || !event.recurrenceId) return undefined;
  const series = await db.events.get(event.parentUuid);
  return series?.recurrence ? (series as Series) : undefined;
}

/** A series' occurrences in the replica, in slot order. */
export async function occurrencesOf(db: MarqueeDB, seriesUuid: string): Promise<CalendarEvent[]> {
  const children = await db.events.where('parentUuid').equals(seriesUuid).toArray();
  return children
    .filter((event) => event.recurrenceId)
    .sort((a, b) => a.recurrenceId!.localeCompare(b.recurrenceId!));
}

/** An event after a patch, as the server stores it: the shared rule, the rule normalized. */
export function patchedEvent(event: CalendarEvent, patch: EventPatch): CalendarEvent {
  const next = applyPatch('event', event, patch);
  if (!next.recurrence) return next;
  if (next.recurrenceId)
    throw new SeriesRuleError('An occurrence has no rule of its own; write to its series');
  const problem = next.recurrence.rrule ? ruleProblem(next.recurrence.rrule) : undefined;
  if (problem) throw new SeriesRuleError(problem);
  return { ...next, recurrence: normalizeRecurrence(next.recurrence, next) };
}

/**
 * Writes (or deletes, `next` undefined) a record that another record's mutation changes. Its
 * shadow keeps the server's version; a record with unsent changes of its own keeps its shadow
 * as it is (rebase.ts rebuilds it), as does the record the mutation is for.
 */
export async function putDerived(
  write: LocalWrite,
  current: CalendarEvent | undefined,
  next: CalendarEvent | undefined,
): Promise<void> {
  const { db, mutationId } = write;
  const uuid = (next ?? current)!.uuid;
  const shadow = await db.shadows.get(uuid);
  if (!shadow)
    await db.shadows.put({ uuid, kind: 'event', record: current ?? null, derivedBy: mutationId });
  else if (shadow.derivedBy !== undefined || !(await hasOwnChanges(db, uuid)))
    await db.shadows.put({ ...shadow, derivedBy: mutationId });
  if (next) await db.events.put(next);
  else await db.events.delete(uuid);
}

const hasOwnChanges = async (db: MarqueeDB, uuid: string) =>
  (await db.outbox.where('uuid').equals(uuid).count()) > 0;

/** A new occurrence's slug in each language its series has one, as the server makes it. */
function slugsFor(series: CalendarEvent, slot: string): Multilingual {
  const slugs: Multilingual = {};
  for (const [language, slug] of Object.entries(series.slug) as [Language, string][])
    slugs[language] = occurrenceSlugBase(slug, slot);
  return slugs;
}

/**
 * Brings the replica's occurrences of `series` in line with it after a change from `before`
 * (undefined: a new series), as the server's series-occurrences.ts does: `overriding` are the
 * fields the change sets on every occurrence, exceptions included. A series deleted
 * (`series` undefined) or no longer a series takes its occurrences with it.
 */
export async function followSeries(
  write: LocalWrite,
  series: CalendarEvent | undefined,
  before: CalendarEvent | undefined,
  overriding: readonly OwnField[] = [],
): Promise<void> {
  const uuid = (series ?? before)!.uuid;
  const existing = await occurrencesOf(write.db, uuid);
  if (!series) {
    for (const occurrence of existing) await putDerived(write, occurrence, undefined);
    return;
  }
  const until = seriesHorizon(write.now, series, HORIZON_YEARS);
  // Throws for no occurrence or too many: the server refuses those rules too.
  const plan = planOccurrences(series, before, existing, until, overriding);
  for (const { occurrence, fields } of plan.update) {
    const next = { ...occurrence, ...fields };
    next.statusBeforeTrash = statusBeforeTrashAfter(occurrence, next.status);
    await putDerived(write, occurrence, next);
  }
  for (const slot of plan.create) {
    const fresh = {
      ...KIND.event.blank(occurrenceUuid(uuid, slot), write.now, series.timezone),
      ...fromSeries(series, slot),
      slug: slugsFor(series, slot),
    };
    await putDerived(write, undefined, fresh);
  }
  for (const occurrence of plan.remove) await putDerived(write, occurrence, undefined);
}
