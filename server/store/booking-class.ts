/**
 * An event's length class in the bookings index (migration 0017): a class's events last at
 * most its `longest` minutes, so a search for what overlaps a time looks, per class, at the
 * starts from the time less that length (plus the buffers) to its end. All-day events are
 * classes 10 and up, the same lengths, searched a day wider on each side (their days are the
 * calendar zone's, their stored UTC times their own zone's). The last class of each is
 * unbounded: searched from the beginning, it holds the rare events longer than half a year.
 */
const LONGEST_MINUTES = [60, 180, 480, 1440, 4320, 10_080, 44_640, 262_800] as const;

/** Each class: its number and its longest length in minutes (undefined: no bound). */
export const BOOKING_CLASSES: readonly { number: number; longest: number | undefined }[] = [
  0, 10,
].flatMap((base) => [
  ...LONGEST_MINUTES.map((longest, index) => ({ number: base + index, longest })),
  { number: base + LONGEST_MINUTES.length, longest: undefined },
]);

const MINUTES = `((julianday(end_utc) - julianday(start_utc)) * 1440)`;

/** The class as SQL, over an `events` row; the index and its queries name it alike. */
export const BOOKING_CLASS = `(all_day * 10 + CASE ${LONGEST_MINUTES.map(
  (longest, index) => `WHEN ${MINUTES} <= ${longest} THEN ${index}`,
).join(' ')} ELSE ${LONGEST_MINUTES.length} END)`;
