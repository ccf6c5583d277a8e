/**
 * Reads a backup file: JSON first (its syntax error says where), then the shared schema, with
 * each problem placed on its line when the file has the layout backups are written in (one
 * record per line); a file edited by hand still gets the record's path.
 */
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  backupSchema,
  type Backup,
} from '#shared/schemas/backup.ts';
import type { Problem } from '#shared/schemas/transfer.ts';
import { importInvalid, MAX_PROBLEMS, problemsOfIssues } from '../problems.ts';

/** Where each line starts, found once, so placing a problem on its line is a binary search. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

function lineAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((starts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

/** The line of `section[index]` in the written layout, if the file has it. */
function lineOf(text: string, starts: readonly number[], problem: Problem): number | undefined {
  const match = /^(\w+)\[(\d+)\]/.exec(problem.where);
  if (!match) return undefined;
  const opening = text.indexOf(`\n"${match[1]}":[\n`);
  if (opening === -1) return undefined;
  const line = lineAt(starts, opening + 1) + 1 + Number(match[2]);
  return text.startsWith('{', starts[line - 1] ?? text.length) ? line : undefined;
}

export function readBackup(text: string): Backup {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    throw importInvalid([
      {
        ...(position ? { line: lineAt(lineStarts(text), Number(position[1])) } : {}),
        where: 'file',
        message: `not JSON: ${message}`,
      },
    ]);
  }
  const head = data as { format?: unknown; version?: unknown } | null;
  if (head?.format !== BACKUP_FORMAT)
    throw importInvalid([
      { where: 'format', message: `not a Marquee backup (no "format": "${BACKUP_FORMAT}")` },
    ]);
  if (typeof head.version === 'number' && head.version > BACKUP_VERSION)
    throw importInvalid([
      { where: 'version', message: `made by a newer Marquee (backup version ${head.version})` },
    ]);
  const parsed = backupSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  // Lines only for the problems that will be shown.
  const starts = lineStarts(text);
  const problems = problemsOfIssues(parsed.error.issues).map((problem, index) => {
    const line = index < MAX_PROBLEMS ? lineOf(text, starts, problem) : undefined;
    return line === undefined ? problem : { ...problem, line };
  });
  throw importInvalid(problems);
}
