/**
 * A venue's, organizer's, category's or tag's editor values, the patch of what changed, and
 * what is wrong with them, checked with the kind's shared patch schema.
 */
import type { LinkedKind } from '#shared/kinds/registry.ts';
import { KIND, type Patch } from '#shared/kinds/registry.ts';
import { translationPatch, type Multilingual } from '#shared/schemas/multilingual.ts';
import { issuesOf, type FieldProblems } from '../../forms/field-problems.ts';
import { isTranslatedControl, RECORD_FIELDS } from './record-fields.ts';

export type RecordFormValues = Record<string, Multilingual | string | number | boolean | null>;

export function recordValuesOf(
  kind: LinkedKind,
  record: Record<string, unknown>,
): RecordFormValues {
  // A replica's record from before a field existed has none: the kind's blank value.
  const blank = KIND[kind].blank('', new Date(0)) as Record<string, unknown>;
  return Object.fromEntries(
    RECORD_FIELDS[kind].map(({ name }) => [
      name,
      (record[name] ?? blank[name]) as RecordFormValues[string],
    ]),
  );
}

/** What differs from `before` (everything set, for a new record). */
export function recordPatchOf(
  kind: LinkedKind,
  before: RecordFormValues | undefined,
  values: RecordFormValues,
): Patch {
  const patch: Record<string, unknown> = {};
  for (const { name, control } of RECORD_FIELDS[kind]) {
    const value = values[name];
    if (isTranslatedControl(control)) {
      const changed = translationPatch(
        (before?.[name] ?? {}) as Multilingual,
        (value ?? {}) as Multilingual,
      );
      if (changed) patch[name] = changed;
    } else if (!before || before[name] !== value) {
      patch[name] = typeof value === 'string' ? value.trim() : value;
    }
  }
  return patch;
}

export function recordProblems(
  kind: LinkedKind,
  values: RecordFormValues,
  isNew: boolean,
): FieldProblems {
  const problems: FieldProblems = {};
  const name = (values.name ?? {}) as Multilingual;
  if (isNew && !Object.values(name).some((text) => text?.trim()))
    problems.name = { key: 'validation.nameRequired' };
  const checked = KIND[kind].patch.safeParse(recordPatchOf(kind, undefined, values));
  if (!checked.success) {
    for (const [field, problem] of Object.entries(issuesOf(checked.error.issues)))
      problems[field] ??= problem;
  }
  return problems;
}
