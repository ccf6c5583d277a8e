/** What the command line prints for a file it cannot import: the reason and the first problems. */
import { ApiError } from '../http/api-error.ts';
import type { Problem } from '../transfer/problems.ts';
import { CommandError } from './usage.ts';

const SHOWN = 20;

export function reportProblems(
  problems: readonly Problem[],
  reason = 'The file cannot be imported; nothing was changed.',
): never {
  const lines = problems
    .slice(0, SHOWN)
    .map(
      (problem) => `  ${problem.line ? `line ${problem.line}` : problem.where}: ${problem.message}`,
    );
  if (problems.length > SHOWN) lines.push(`  … and ${problems.length - SHOWN} more`);
  throw new CommandError([reason, ...lines].join('\n'));
}

/** An import's or restore's refusal as a report; anything else (a bug, a usage error) as it is. */
export function reportFailure(error: unknown): never {
  if (!(error instanceof ApiError))
    throw error instanceof Error ? error : new Error(JSON.stringify(error));
  const problems = (error.data.problems as Problem[] | undefined) ?? [];
  if (problems.length > 0) reportProblems(problems);
  throw new CommandError(error.message);
}
