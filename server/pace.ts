/**
 * Long work shares the server's thread with the REST API: a peer's pass, a sync page of thousands
 * of records. It hands the thread back often, so a read that arrives meanwhile waits for a sliver
 * of it, not for a page of the site's answer or a thousand records ("reads never stall": the
 * API's p99 within twice its idle value).
 */

/** The last turn handed out: each waits for the one before it (see yieldTurn). */
let lastTurn: Promise<void> = Promise.resolve();

/**
 * One turn of the event loop. A pass works on a few records at once, and their setImmediate calls
 * would all run in the same turn, back to back before a waiting read; chained, each is scheduled
 * from the one before, so it runs a turn later, after the requests that came.
 */
export function yieldTurn(): Promise<void> {
  const turn = lastTurn.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
  lastTurn = turn;
  return turn;
}

/**
 * How long a loop over the site's rows or the peer's records works before it yields a turn: a
 * millisecond is about one idle read of the API, and a turn costs a few microseconds.
 */
const BUDGET_MS = 1;

/**
 * A loop's pace: call it before each item; it yields a turn once the loop has held the thread
 * for `budgetMs` since the last one. A loop that writes pays a COMMIT at each turn (the turn's
 * writes are one group, database.ts), so it may take a longer budget.
 */
export function pacer(budgetMs = BUDGET_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await yieldTurn();
    since = performance.now();
  };
}

/** `items` mapped one by one at the pacer's pace. */
export async function pacedMap<T, U>(items: Iterable<T>, map: (item: T) => U): Promise<U[]> {
  const pace = pacer();
  const out: U[] = [];
  for (const item of items) {
    await pace();
    out.push(map(item));
  }
  return out;
}
