/** `marquee compact`'s last step, after it forgot old deletions. */
import type { Database } from './database.ts';

/**
 * Gives the disk back the pages deleted rows left free: VACUUM rewrites the file whole, so it
 * runs outside any transaction and takes as long as the calendar is large.
 */
export function vacuum(db: Database): void {
  db.exec('VACUUM');
}
