/**
 * What is wrong with a file to import: each problem names where (a line when the format has
 * lines, else a path such as `events[3].start`) and why. An import with problems writes nothing.
 */
import type { z } from 'zod';
import { DomainError } from '../domain/errors.ts';

export type { Problem } from '#shared/schemas/transfer.ts';
import type { Problem } from '#shared/schemas/transfer.ts';

/** Lists stop here: a file that is wrong everywhere needs its first errors, not 100k of them. */
export const MAX_PROBLEMS = 100;

/** In file order; problems of the whole file (without a line) first. */
const byLine = (a: Problem, b: Problem) => (a.line ?? 0) - (b.line ?? 0);

/**
 * A list of problems as answers give it: the first MAX_PROBLEMS in file order, then (when
 * there are more) a note of how many more were found.
 */
export function listedProblems(problems: readonly Problem[]): Problem[] {
  const sorted = [...problems].sort(byLine);
  if (sorted.length <= MAX_PROBLEMS) return sorted;
  const more = sorted.length - MAX_PROBLEMS;
  const note = `${more} more problem${more === 1 ? '' : 's'} not listed: a list stops at the first ${MAX_PROBLEMS}`;
  return [...sorted.slice(0, MAX_PROBLEMS), { where: 'file', message: note }];
}

/** Where a problem is, for people: `line 287 (VEVENT abc@example)`, `line 3`, or its path. */
export function placeOf({ line, where }: Problem): string {
  if (line === undefined) return where;
  return where === 'file' || where === `line ${line}` ? `line ${line}` : `line ${line} (${where})`;
}

export function importInvalid(problems: Problem[]): DomainError {
  const listed = listedProblems(problems);
  const [first] = listed;
  return new DomainError(
    'marquee_import_invalid',
    `The file cannot be imported, nothing was changed: ${first ? placeOf(first) : 'file'}: ${
      first?.message ?? 'unreadable'
    }${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`,
    { problems: listed, count: problems.length },
  );
}

/** zod's issues as problems, with a path like `events[3].start`. */
export function problemsOfIssues(issues: readonly z.core.$ZodIssue[]): Problem[] {
  return issues.map((issue) => ({
    where: issue.path
      .map((key, index) =>
        typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`,
      )
      .join(''),
    message: issue.message,
  }));
}
