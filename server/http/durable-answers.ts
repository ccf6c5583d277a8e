/**
 * Answers that must not outrun the disk. The server's commits are confirmed by an fsync off
 * the main thread (store/durable-commits.ts), so reads never wait for the disk. Two kinds of
 * answer do wait, by holding back `res.end` until every commit so far is confirmed:
 * - every write's, error answers included (a sync push may commit some mutations, then fail):
 *   a client told "saved" must find it saved after a power cut;
 * - a sync pull's: a replica that pulled a change the disk then lost would keep it, and its
 *   checkpoint would skip the change that reuses its sequence number.
 * If the disk refuses to confirm, the answer held back is replaced by the error envelope of a
 * storage failure (error-handler.ts), through `next`.
 */
import type { NextFunction, Response } from 'express';

export function holdUntilDurable(
  res: Response,
  next: NextFunction,
  durable: () => Promise<void>,
): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((...args: unknown[]) => {
    res.end = end as Response['end'];
    durable().then(
      () => end(...args),
      (error: unknown) => {
        // The success answer was only staged: nothing of it has gone out yet.
        for (const name of res.getHeaderNames())
          if (!name.startsWith('access-control-') && name !== 'vary') res.removeHeader(name);
        next(error);
      },
    );
    return res;
  }) as Response['end'];
}
