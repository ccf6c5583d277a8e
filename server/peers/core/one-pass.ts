/**
 * One pass at a time with a peer, whichever door asks (the scheduler, the editor, the command
 * line): a pass asked while one runs starts once it has ended. `stop` (the server stopping)
 * ends the pass under way at its next record, through `signal`, and waits for it to settle.
 */
export function createPassGate<T>() {
  let running: Promise<T> | undefined;
  const stopping = new AbortController();

  /**
   * Until the pass under way has ended. Another may have started by the time the caller goes on:
   * a caller that must run alone loops, `while (gate.busy()) await gate.idle();`, and goes on
   * in the same turn as its last check.
   */
  async function idle(): Promise<void> {
    while (running) await running.catch(() => undefined);
  }

  return {
    signal: stopping.signal,
    busy: () => running !== undefined,
    idle,

    /** Runs `pass` after the one under way, if any. */
    run: async (pass: () => Promise<T>): Promise<T> => {
      // The check and the start in one turn: awaiting `idle()` would yield even with no pass
      // under way, and two passes asked together would both start.
      while (running) await running.catch(() => undefined);
      const started = pass();
      running = started;
      try {
        return await started;
      } finally {
        running = undefined;
      }
    },

    stop: async (): Promise<void> => {
      stopping.abort(new Error('The server is stopping.'));
      await running?.catch(() => undefined);
    },
  };
}
