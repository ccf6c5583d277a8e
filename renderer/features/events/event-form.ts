/**
 * The event editor's form: values as the inputs hold them (dates and times apart, links as
 * chosen records or names to create), built from a record, turned back into a patch of what
 * changed, and checked with the shared event schema before anything is stored. The Repeat
 * control's values stand for a rule (repeat-rule.ts): the patch carries it when it changed.
 */
import { EVENT_FLAGS, flagEntries, type EventFlag } from '#shared/kinds/event-flags.ts';
import type { Multilingual } from '#shared/schemas/multilingual.ts';
import { translationPatch } from '#shared/schemas/multilingual.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import type { PostStatus } from '#shared/schemas/common.ts';
import type { Recurrence } from '#shared/series/recurrence.ts';
import { EVENT_TEXTS, KIND, type Patch } from '#shared/kinds/registry.ts';
import { issuesOf, type FieldProblems } from '../../forms/field-problems.ts';
import type { LinkChoice } from '../../forms/link-choice.ts';
import { repeatFormOf } from './repeat-read.ts';
import { seriesProblem } from './repeat-check.ts';
import { blankRepeat, ruleOf, sameRepeat, type RepeatForm } from './repeat-rule.ts';

export type EventFormValues = {
  title: Multilingual;
  description: Multilingual;
  excerpt: Multilingual;
  slug: Multilingual;
  status: PostStatus;
  allDay: boolean;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  timezone: string;
  cost: string;
  website: string;
  image: string;
  venue: LinkChoice[];
  organizers: LinkChoice[];
  categories: LinkChoice[];
  tags: LinkChoice[];
  password: string;
  /** What is typed in each picker and not yet taken (it is taken when the field is left). */
  typed: Record<PickerName, string>;
  /** The address of a venue the event names but that does not exist yet (created on save). */
  newVenue: Record<NewVenueField, string>;
  /** The Repeat control: the series' rule (an occurrence shows its series'). */
  repeat: RepeatForm;
  /** The series' extra and removed dates, kept as they are when its rule changes. */
  repeatDates: Pick<Recurrence, 'rdates' | 'exdates'>;
} & Record<EventFlag, boolean>;

export const NEW_VENUE_FIELDS = ['address', 'city', 'zip', 'country'] as const;
export type NewVenueField = (typeof NEW_VENUE_FIELDS)[number];

export type PickerName = 'venue' | 'organizers' | 'categories' | 'tags';

export type EventLinks = {
  venueUuid: string | null;
  organizerUuids: string[];
  categoryUuids: string[];
  tagUuids: string[];
};

const FLAGS = EVENT_FLAGS.map((flag) => flag.field);
const TEXTS = ['cost', 'image', 'password'] as const;
const TIMES = ['allDay', 'startDate', 'startTime', 'endDate', 'endTime', 'timezone'] as const;

const uuids = (uuid: string[]) => uuid.map((value) => ({ uuid: value }));

/** The Repeat control for a rule: none, a rule, or dates alone (shown as another rule). */
function repeatOf(recurrence: Recurrence | null, event: CalendarEvent): RepeatForm {
  const date = event.start.slice(0, 10);
  if (recurrence && recurrence.rrule.trim() === '')
    return { ...blankRepeat(date), choice: 'other' };
  return repeatFormOf(recurrence?.rrule ?? '', {
    date,
    allDay: event.allDay,
    timezone: event.timezone,
  });
}

/** `recurrence`: the event's rule, or for an occurrence its series' rule. */
export function formValuesOf(
  event: CalendarEvent,
  recurrence: Recurrence | null = event.recurrence,
): EventFormValues {
  return {
    title: event.title,
    description: event.description,
    excerpt: event.excerpt,
    slug: event.slug,
    status: event.status,
    allDay: event.allDay,
    startDate: event.start.slice(0, 10),
    startTime: event.start.slice(11, 16),
    endDate: event.end.slice(0, 10),
    endTime: event.end.slice(11, 16),
    timezone: event.timezone,
    cost: event.cost,
    website: event.website ?? '',
    image: event.image,
    ...flagEntries('field', (flag) => event[flag.field]),
    venue: event.venueUuid ? uuids([event.venueUuid]) : [],
    organizers: uuids(event.organizerUuids),
    categories: uuids(event.categoryUuids),
    tags: uuids(event.tagUuids),
    password: event.password,
    typed: { venue: '', organizers: '', categories: '', tags: '' },
    newVenue: { address: '', city: '', zip: '', country: '' },
    repeat: repeatOf(recurrence, event),
    repeatDates: { rdates: recurrence?.rdates ?? [], exdates: recurrence?.exdates ?? [] },
  };
}

/** Start and end as stored: whole days for all-day events. */
export function formTimes(values: EventFormValues) {
  return values.allDay
    ? { start: `${values.startDate} 00:00:00`, end: `${values.endDate} 23:59:59` }
    : {
        start: `${values.startDate} ${values.startTime}:00`,
        end: `${values.endDate} ${values.endTime}:00`,
      };
}

/**
 * The rule when the Repeat control changed it (null: no longer repeats); a new event's when it
 * repeats. Compared at the first start date, so moving an occurrence is no change of rule.
 */
function recurrencePatch(
  before: EventFormValues | undefined,
  values: EventFormValues,
): Recurrence | null | undefined {
  const rrule = ruleOf(values.repeat, values.startDate);
  if (!before) return rrule ? { rrule, rdates: [], exdates: [] } : undefined;
  if (sameRepeat(before.repeat, values.repeat, before.startDate)) return undefined;
  // "Does not repeat" ends the series, its extra dates too.
  return rrule ? { rrule, ...values.repeatDates } : null;
}

/** Whether the Repeat control gives another rule than it did when the editor opened. */
export const ruleChanged = (before: EventFormValues, values: EventFormValues) =>
  !sameRepeat(before.repeat, values.repeat, before.startDate);

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * The fields that differ from `before` (all of them for a new event). Times travel together,
 * so the server recomputes them from one consistent set.
 */
export function eventPatchOf(
  before: EventFormValues | undefined,
  values: EventFormValues,
  links: EventLinks,
  beforeLinks?: EventLinks,
): Patch {
  const patch: Record<string, unknown> = {};
  for (const field of EVENT_TEXTS) {
    const changed = translationPatch(before?.[field] ?? {}, values[field]);
    if (changed) patch[field] = changed;
  }
  for (const field of [...FLAGS, ...TEXTS, 'status'] as const) {
    if (!before || before[field] !== values[field]) patch[field] = values[field];
  }
  if (!before || before.website !== values.website) patch.website = values.website.trim();
  if (!before || TIMES.some((field) => before[field] !== values[field])) {
    Object.assign(patch, formTimes(values), { allDay: values.allDay, timezone: values.timezone });
  }
  if (!beforeLinks || beforeLinks.venueUuid !== links.venueUuid) patch.venueUuid = links.venueUuid;
  for (const field of ['organizerUuids', 'categoryUuids', 'tagUuids'] as const) {
    if (!beforeLinks || !sameList(beforeLinks[field], links[field])) patch[field] = links[field];
  }
  const recurrence = recurrencePatch(before, values);
  if (recurrence !== undefined) patch.recurrence = recurrence;
  return patch;
}

/** Where each of the schema's fields shows its problem in the form. */
const FORM_FIELD: Readonly<Record<string, string>> = {
  start: 'startDate',
  end: 'endDate',
  venueUuid: 'venue',
  organizerUuids: 'organizers',
  categoryUuids: 'categories',
  tagUuids: 'tags',
};

/**
 * What is wrong with the form, field by field (empty when it can be saved). `before`: the form
 * as the editor opened it (undefined for a new event); `now` sets the series' horizon.
 */
export function eventProblems(
  values: EventFormValues,
  before: EventFormValues | undefined,
  now: Date = new Date(),
): FieldProblems {
  const problems: FieldProblems = {};
  if (!before && !Object.values(values.title).some((text) => text?.trim()))
    problems.title = { key: 'validation.titleRequired' };
  const required = values.allDay
    ? ['startDate', 'endDate']
    : ['startDate', 'startTime', 'endDate', 'endTime'];
  for (const field of required as (keyof EventFormValues)[])
    if (!values[field]) problems[field] = { key: 'validation.required' };
  // The control words its own problem (repeat-check.ts); this marks the field and stops the save.
  if (seriesProblem(values, before, now)) problems.repeat = { key: 'validation.invalid' };
  const { start, end } = formTimes(values);
  if (!problems.endDate && !problems.endTime && end < start)
    problems.endDate = { key: 'validation.endBeforeStart' };
  // A name still typed in a picker waits for an answer (which record it means): not saved yet.
  for (const picker of Object.keys(values.typed) as PickerName[])
    if (values.typed[picker].trim()) problems[picker] = { key: 'validation.pickerQuestion' };
  const links = { venueUuid: null, organizerUuids: [], categoryUuids: [], tagUuids: [] };
  const checked = KIND.event.patch.safeParse(eventPatchOf(undefined, values, links));
  if (!checked.success) {
    for (const [field, problem] of Object.entries(issuesOf(checked.error.issues, FORM_FIELD)))
      problems[field] ??= problem;
  }
  return problems;
}
