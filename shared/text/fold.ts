/**
 * Case folding for comparing names and searching: NFKC, then Unicode lower case. One rule for
 * every comparison (SQL's mq_fold, same-name checks, import matching), so a name an import
 * matches is the name the services would have matched.
 */
export function foldText(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase();
}
