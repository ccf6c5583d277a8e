/** What the command line prints for a file it cannot import: the reason and the first problems. */
import { ApiError } from '../http/api-error.ts';
import type { Problem } from '../transfer/problems.ts';
import { CommandError } from './usage.ts';

const SHOWN = 20;

export function reportProblems(
  message: string | undefined,
  problems?: Problem[],
  error?: unknown,
): never {
  if (error !== undefined && !(error instanceof ApiError))
    throw error instanceof Error ? error : new Error(JSON.stringify(error));
  const listed = problems ?? (error?.data.problems as Problem[] | undefined) ?? [];
  const lines = listed
    .slice(0, SHOWN)
    .map(
      (problem) => `  ${problem.line ? `line ${problem.line}` : problem.where}: ${problem.message}`,
    );
  if (listed.length > SHOWN) lines.push(`  … and ${listed.length - SHOWN} more`);
  const reason =
    message ??
    (listed.length > 0
      ? 'The file cannot be imported; nothing was changed.'
      : (error as Error).message);
  throw new CommandError([reason, ...lines].join('\n'));
}
