/**
 * Form problems as i18n keys, one per field, from the shared schemas' issues: the same rules
 * the server checks, worded in the user's language next to the field they concern.
 */
import type { z } from 'zod';

export type FieldProblem = { key: ValidationKey; values?: Record<string, string | number> };
export type FieldProblems = Partial<Record<string, FieldProblem>>;

export type ValidationKey =
  | 'validation.required'
  | 'validation.invalid'
  | 'validation.tooLong'
  | 'validation.url'
  | 'validation.email'
  | 'validation.slug'
  | 'validation.timezone'
  | 'validation.titleRequired'
  | 'validation.nameRequired'
  | 'validation.endBeforeStart'
  | 'validation.pickerQuestion'
  | 'validation.zoneUnresolved';

/** The problem a schema issue means, by the field it concerns. */
function problemOf(issue: z.core.$ZodIssue, field: string): FieldProblem {
  if (issue.code === 'too_big')
    return { key: 'validation.tooLong', values: { max: Number(issue.maximum) } };
  if (field === 'website' || field === 'image') return { key: 'validation.url' };
  if (field === 'email') return { key: 'validation.email' };
  if (field === 'slug') return { key: 'validation.slug' };
  if (field === 'timezone') return { key: 'validation.timezone' };
  return { key: 'validation.invalid' };
}

/** The first problem of each field, under the form's name for the field (`rename`). */
export function issuesOf(
  issues: readonly z.core.$ZodIssue[],
  rename: Readonly<Record<string, string>> = {},
): FieldProblems {
  const problems: FieldProblems = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    problems[rename[field] ?? field] ??= problemOf(issue, field);
  }
  return problems;
}
