/**
 * A series' occurrences as records: what each takes from its series, what it has of its own (an
 * occurrence edited alone is an exception: the fields where it differs from what its series
 * gives its slot), and the plan that brings stored occurrences in line with a series after it
 * changes. Pure: the server stores the plan, the replica shows it before the server answers.
 */
import { v5 as uuidV5 } from 'uuid';
import { EVENT_FLAGS } from '../kinds/event-flags.ts';
import { toSlug } from '../text/slug.ts';
import type { CalendarEvent } from '../schemas/event.ts';
import { eventTimesIn } from '../time/datetime.ts';
import { expandSlots, MAX_WALK, slotEnd, wallDuration } from './recurrence.ts';

/** Fields an occurrence takes from its series, unless it has its own. */
const SERIES_FIELDS = [
  'title',
  'description',
  'excerpt',
  'status',
  'password',
  'author',
  'date',
  'timezone',
  'allDay',
  'cost',
  'website',
  'image',
  ...EVENT_FLAGS.map((flag) => flag.field),
  'venueUuid',
  'organizerUuids',
  'categoryUuids',
  'tagUuids',
] as const satisfies readonly (keyof CalendarEvent)[];

type Fields = Record<string, unknown>;

/** What an occurrence may have of its own: the series' fields and its times. */
const OWNABLE = [...SERIES_FIELDS, 'start', 'end'] as const;
export type OwnField = (typeof OWNABLE)[number];

/** What a write to an occurrence changes: it alone, it and the later ones, the whole series. */
export const SCOPES = ['this', 'following', 'all'] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * The most occurrences a series is given up to the horizon: the newest ones. A series begun
 * long ago keeps its rule whole, and the occurrences stored before; older ones are not made.
 */
export const MAX_OCCURRENCES = 1000;
/** How far ahead occurrences are stored (years); later ones are added as time passes. */
export const HORIZON_YEARS = 2;

/** Identity of the occurrence a series gives a date: the same on the server and the replica. */
export function occurrenceUuid(seriesUuid: string, slot: string): string {
  return uuidV5(slot.slice(0, 10), seriesUuid);
}

/** An occurrence's slug, before any suffix that keeps it unique: `<series slug>-<date>`. */
export function occurrenceSlugBase(seriesSlug: string, slot: string): string {
  return toSlug(`${seriesSlug.replace(/__trashed$/, '')}-${slot.slice(0, 10)}`);
}

/** Whether two field values are equal (texts per language, lists of links compare whole). */
export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** An occurrence's fields as its series gives them for a slot (its start in the series' zone). */
export function fromSeries(series: CalendarEvent, slot: string) {
  const fields: Fields = {};
  for (const field of SERIES_FIELDS) fields[field] = series[field];
  const end = slotEnd(slot, wallDuration(series.start, series.end));
  return {
    ...fields,
    ...eventTimesIn(slot, end, series.timezone, series.allDay),
    parentUuid: series.uuid,
    recurrenceId: slot,
    recurrence: null,
  } as Partial<CalendarEvent> & { start: string; end: string; recurrenceId: string };
}

/** The fields where an occurrence differs from what its series gives its slot. */
export function ownFields(occurrence: CalendarEvent, series: CalendarEvent): OwnField[] {
  if (!occurrence.recurrenceId) return [];
  const given = fromSeries(series, occurrence.recurrenceId);
  return OWNABLE.filter((field) => !same(occurrence[field], (given as Fields)[field]));
}

export type OccurrencePlan<E extends CalendarEvent> = {
  /** Slots that have no occurrence yet. */
  create: string[];
  /** Occurrences that change, with their fields after the change. */
  update: { occurrence: E; fields: Partial<CalendarEvent> }[];
  /** Occurrences whose slot the series no longer gives. */
  remove: E[];
};

export class NoOccurrence extends Error {}
/** Two slots on one date (an RDATE beside a rule's time): a series has one occurrence a day. */
export class TwoOnOneDay extends Error {
  readonly date: string;
  constructor(date: string) {
    super(`two occurrences on ${date}`);
    this.date = date;
  }
}

/** The first date that has two of these slots (sorted), if any. */
export function dateTwice(slots: readonly string[]): string | undefined {
  const at = slots.findIndex((slot, index) => slot.slice(0, 10) === slots[index - 1]?.slice(0, 10));
  return at === -1 ? undefined : slots[at]!.slice(0, 10);
}

/**
 * What to store so `existing` (the series' occurrences) follows `series`: slots up to `until`
 * (local), each occurrence keeping its own fields (those where it differed from `before`, the
 * series as it was) but `overriding` ones (what an edit of "all" sets everywhere). An
 * occurrence keeps its slot; when the series' time of day changed, the occurrence of the same
 * date takes the new slot.
 */
export function planOccurrences<E extends CalendarEvent>(
  series: CalendarEvent,
  before: CalendarEvent | undefined,
  existing: readonly E[],
  until: string,
  overriding: readonly OwnField[] = [],
): OccurrencePlan<E> {
  if (!series.recurrence) return { create: [], update: [], remove: [...existing] };
  // Every slot from the series' start, however long ago (bounded by MAX_WALK); only the newest
  // MAX_OCCURRENCES get an occurrence made, and older ones stored before are kept.
  const slots = expandSlots({ ...series, recurrence: series.recurrence }, until, MAX_WALK);
  if (slots.length === 0) throw new NoOccurrence();
  const twice = dateTwice(slots);
  if (twice !== undefined) throw new TwoOnOneDay(twice);
  const newest = new Set(slots.slice(-MAX_OCCURRENCES));
  const bySlot = new Map(existing.map((event) => [event.recurrenceId ?? '', event]));
  const byDate = new Map(existing.map((event) => [(event.recurrenceId ?? '').slice(0, 10), event]));
  const plan: OccurrencePlan<E> = { create: [], update: [], remove: [] };
  const kept = new Set<E>();
  for (const slot of slots) {
    const occurrence = bySlot.get(slot) ?? byDate.get(slot.slice(0, 10));
    if (!occurrence || kept.has(occurrence)) {
      if (newest.has(slot)) plan.create.push(slot);
      continue;
    }
    kept.add(occurrence);
    const own = ownFields(occurrence, before ?? series).filter(
      (field) => !overriding.includes(field),
    );
    const fields: Fields = fromSeries(series, slot);
    for (const field of own) fields[field] = occurrence[field];
    if (own.includes('start') || own.includes('end') || own.includes('timezone'))
      Object.assign(
        fields,
        eventTimesIn(
          fields.start as string,
          fields.end as string,
          fields.timezone as string,
          fields.allDay as boolean,
        ),
      );
    const changed = Object.keys(fields).some(
      (field) => !same(fields[field], (occurrence as Fields)[field]),
    );
    if (changed) plan.update.push({ occurrence, fields });
  }
  plan.remove = existing.filter((occurrence) => !kept.has(occurrence));
  return plan;
}

/**
 * The fields a change to a series sets on every occurrence, exceptions included: those that
 * changed, and the times when the time of day or the length changed (a series moved to another
 * date moves its occurrences through their slots).
 */
export function changedOwnFields(before: CalendarEvent, after: CalendarEvent): OwnField[] {
  const fields: OwnField[] = SERIES_FIELDS.filter((field) => !same(before[field], after[field]));
  const shape = (event: CalendarEvent) =>
    `${event.start.slice(11)} ${wallDuration(event.start, event.end)}`;
  if (shape(before) !== shape(after)) fields.push('start', 'end');
  return fields;
}
