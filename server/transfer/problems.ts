/**
 * What is wrong with a file to import: each problem names where (a line when the format has
 * lines, else a path such as `events[3].start`) and why. An import with problems writes nothing.
 */
import type { z } from 'zod';
import { ApiError } from '../http/api-error.ts';

export type { Problem } from '#shared/schemas/transfer.ts';
import type { Problem } from '#shared/schemas/transfer.ts';

/** Lists stop here: a file that is wrong everywhere needs its first errors, not 100k of them. */
export const MAX_PROBLEMS = 100;

export function importInvalid(problems: Problem[]): ApiError {
  const [first] = problems;
  const place = first?.line !== undefined ? `line ${first.line}` : first?.where;
  return new ApiError(
    'marquee_import_invalid',
    `The file cannot be imported, nothing was changed: ${place}: ${first?.message ?? 'unreadable'}${
      problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''
    }`,
    { problems: problems.slice(0, MAX_PROBLEMS), count: problems.length },
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
