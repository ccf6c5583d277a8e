/**
 * Stops an HTTP server as a stop (Ctrl-C, SIGTERM, the desktop app quitting) should: no new
 * connection; each answer under way goes out and its connection closes after it; past a grace,
 * the long work still under way (a file's import writing) is asked to stop, which answers its
 * request with what became of it (saved whole, or nothing kept); only then, after a second
 * grace for those answers, are the connections left cut. A client is never left without the
 * answer to a write that landed.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

const answering = new WeakMap<Server, Set<ServerResponse>>();

/** Keeps the answers under way, so that a stop can close their connections after them. */
export function trackAnswers(server: Server): void {
  const open = new Set<ServerResponse>();
  answering.set(server, open);
  // Before the app's listener, which may answer at once (a prepared answer).
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (!server.listening) res.shouldKeepAlive = false;
    open.add(res);
    res.once('close', () => open.delete(res));
  });
}

/** Whether `promise` settled within `ms`. */
async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long the answers of the work a stop interrupted may take to go out. */
const ANSWER_AFTER_STOP_MS = 3000;

export async function stopServing(
  server: Server,
  interrupt: () => Promise<void>,
  graceMs = 3000,
): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  for (const res of answering.get(server) ?? []) if (!res.headersSent) res.shouldKeepAlive = false;
  server.closeIdleConnections();
  if (await settlesWithin(closed, graceMs)) return;
  await interrupt();
  // The interrupted work's answers go out (their connections close after them), then the rest.
  if (!(await settlesWithin(closed, ANSWER_AFTER_STOP_MS))) server.closeAllConnections();
  await closed;
}
