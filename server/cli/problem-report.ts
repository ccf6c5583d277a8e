/** What the command line prints for a file it cannot import: the reason and the first problems. */
import { DomainError } from '../domain/errors.ts';
import type { Problem } from '#shared/schemas/transfer.ts';
import { placeOf } from '../transfer/problems.ts';
import { CommandError } from './usage.ts';

/** Every problem of the answer: it lists at most the first 100, and then says how many more. */
export function reportProblems(
  problems: readonly Problem[],
  reason = 'The file cannot be imported; nothing was changed.',
): never {
  const lines = problems.map((problem) => `  ${placeOf(problem)}: ${problem.message}`);
  throw new CommandError([reason, ...lines].join('\n'));
}

/** An import's or restore's refusal as a report; anything else (a bug, a usage error) as it is. */
export function reportFailure(error: unknown): never {
  if (!(error instanceof DomainError))
    throw error instanceof Error ? error : new Error(JSON.stringify(error));
  const problems = (error.data.problems as Problem[] | undefined) ?? [];
  if (problems.length > 0) reportProblems(problems);
  throw new CommandError(error.message);
}
