/** A booking's blocked range reads stored UTC times as Date.parse reads their ISO text. */
import { expect, it } from 'vitest';
import { blockedRange, type Booking } from './clash-finder.ts';

const venue = { bufferBefore: 0, bufferAfter: 0, booking: 'warn' } as const;
const booking = (startUtc: string, endUtc: string): Booking => ({
  id: 1,
  start: startUtc,
  end: endUtc,
  startUtc,
  endUtc,
  allDay: false,
  status: 'publish',
});
const iso = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);

it.each([
  ['2026-03-29 00:30:00', '2026-03-29 23:59:59'],
  ['1999-12-31 23:00:00', '2000-01-01 01:00:00'],
  ['2024-02-29 12:00:00', '2024-03-01 00:00:00'],
  ['0050-06-01 10:00:00', '0050-06-01 11:00:00'],
  ['2026-06-01T10:00:00', '2026-06-01T11:00:00'],
])('reads %s to %s as its ISO text', (start, end) => {
  expect(blockedRange(booking(start, end), venue, 'UTC')).toEqual({
    from: iso(start),
    to: iso(end),
  });
});
