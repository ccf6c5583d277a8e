/**
 * Moving an event to the trash, and the way back. Trashing a series (or an occurrence with
 * scope all, or following) sets the series' status on every occurrence it takes, so the way
 * back cannot be "the status the opened event had, for the same scope": that would bring back
 * occurrences that were in the trash on their own before, and make the whole series a draft
 * when the opened occurrence was a draft exception. It puts back what the trash changed,
 * read from the replica before: the series' own status (for the same scope), then each of
 * those occurrences that had another status than their series, alone.
 */
import type { CalendarEvent } from '#shared/schemas/event.ts';
import type { PostStatus } from '#shared/schemas/common.ts';
import type { Scope } from '#shared/series/occurrences.ts';
import type { Replica } from '../../data/replica.ts';
import { occurrencesOf, seriesOf } from '../../data/repos/series-follow.ts';

type Trashing = Pick<Replica, 'db' | 'records'>;

/** Trashes `event` for `scope`; resolves with the way back. Rejects when the replica refuses. */
export async function trashEvent(
  { db, records }: Trashing,
  event: CalendarEvent,
  scope: Scope,
): Promise<() => Promise<void>> {
  const options = event.recurrenceId ? { scope } : {};
  const series = event.recurrence || scope !== 'this' ? await seriesOf(db, event) : undefined;
  if (!series) {
    await records.update('event', event.uuid, { status: 'trash' }, options);
    return () => records.update('event', event.uuid, { status: event.status }, options);
  }
  // Following from an occurrence takes it and the later ones (from the first: all of them).
  const from = scope === 'following' && event.recurrenceId ? event.recurrenceId : '';
  const own: { uuid: string; status: PostStatus }[] = (await occurrencesOf(db, series.uuid))
    .filter((occurrence) => occurrence.recurrenceId! >= from)
    .filter((occurrence) => occurrence.status !== series.status)
    .map(({ uuid, status }) => ({ uuid, status }));
  await records.update('event', event.uuid, { status: 'trash' }, options);
  return () =>
    records.atomically(async () => {
      await records.update('event', event.uuid, { status: series.status }, options);
      for (const { uuid, status } of own)
        if (await records.get('event', uuid)) await records.update('event', uuid, { status });
    });
}
