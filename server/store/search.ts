/**
 * TEC's venue and organizer search: the query is cut into fragments at
 * anything other than letters, digits and dashes; a record matches when one field contains
 * every fragment, ignoring case (Unicode-aware through mq_fold).
 */
import { foldText } from '#shared/text/fold.ts';
import type { SqlValue } from './database.ts';

export function searchFragments(search: string): string[] {
  return foldText(search)
    .split(/[^\p{L}\p{M}\p{N}-]+/u)
    .filter((fragment) => fragment.length > 0);
}

/** `(all fragments in column A) OR (all fragments in column B) …` */
export function matchFragments(columns: readonly string[], fragments: readonly string[]) {
  const values: SqlValue[] = [];
  const perColumn = columns.map((column) => {
    values.push(...fragments);
    return fragments.map(() => `instr(mq_fold(${column}), ?) > 0`).join(' AND ');
  });
  return { sql: perColumn.map((clause) => `(${clause})`).join(' OR '), values };
}
