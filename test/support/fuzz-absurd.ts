/**
 * Absurd dates, durations and rules for every door that parses them: an ICS import
 * (API), a CSV import, an event written through REST with a rule, and the same rule on an
 * update. Each value once made the server spin (DURATION:P999999999999999999W held its thread
 * for good; a daily rule on 30 February walked to the year 9999, 15 s) or is past what a
 * calendar can hold. The fuzz suite draws requests from these and wants every answer below 500
 * and within a moment.
 */
import fc from 'fast-check';
import type { RawRequest } from './raw-http.ts';

/** Lines of a VEVENT that are absurd, each with the DTSTART it goes with. */
export const ABSURD_VEVENT_LINES: string[][] = [
  ['DTSTART:20270301T180000Z', 'DURATION:P999999999999999999W'],
  ['DTSTART:20270301T180000Z', 'DURATION:PT99999999999999S'],
  ['DTSTART:20270301T180000Z', 'DURATION:P521000W'],
  ['DTSTART:20270301T180000Z', 'DTEND:100000101T000000Z'],
  ['DTSTART:00000101T000000Z', 'RRULE:FREQ=DAILY'],
  ['DTSTART:00010101T000000Z', 'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
  ['DTSTART:20270301T180000Z', 'RRULE:FREQ=DAILY;COUNT=999999999999'],
  ['DTSTART:20270301T180000Z', 'RRULE:FREQ=DAILY;INTERVAL=999999999999'],
  ['DTSTART:20270301T180000Z', 'RRULE:FREQ=YEARLY;INTERVAL=1000'],
  ['DTSTART:20270301T180000Z', 'RRULE:FREQ=DAILY;UNTIL=99991231T235959Z'],
  ['DTSTART:20270301T180000Z', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'],
  ['DTSTART:20270301T180000Z', 'RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30'],
  ['DTSTART:20270301T180000Z', 'RRULE:FREQ=MINUTELY;BYMONTH=4;BYMONTHDAY=31'],
  ['DTSTART:20270301T180000Z', 'RRULE:FREQ=WEEKLY;BYDAY=MO;BYSETPOS=2'],
  ['DTSTART:20270301T180000Z', 'RRULE:FREQ=YEARLY;BYWEEKNO=53;BYDAY=MO;BYMONTH=1'],
  ['DTSTART:20270301T180000Z', 'RRULE:FREQ=HOURLY;BYHOUR=25'],
  ['DTSTART:20270301T180000Z', `RRULE:FREQ=DAILY;BYMONTHDAY=${Array(5000).fill(1).join(',')}`],
  ['DTSTART:20270301T180000Z', 'RRULE:FREQ=DAILY', 'EXRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'],
  ['DTSTART:20270301T180000Z', 'RDATE:20131210Z,99991231Z'],
  ['DTSTART:20270301T180000Z', `X-HUGE:${'x'.repeat(2_000_000)}`],
];

/** VEVENTs nested in VALARMs 5,000 deep: a scan that recursed would run out of stack. */
const DEEP = [
  ...Array.from({ length: 5000 }, () => 'BEGIN:VALARM'),
  ...Array.from({ length: 5000 }, () => 'END:VALARM'),
];

function ics(lines: string[]): Buffer {
  return Buffer.from(
    [
      ...['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//fuzz//absurd//EN', 'BEGIN:VEVENT'],
      ...['UID:absurd@example.org', 'DTSTAMP:20261120T100000Z', 'SUMMARY:Absurd', ...lines],
      ...['END:VEVENT', 'END:VCALENDAR', ''],
    ].join('\r\n'),
  );
}

/** Rules a series is written with through REST (and the editor's replica) that are absurd. */
export const ABSURD_RULES = [
  'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
  'FREQ=DAILY;BYSETPOS=366;BYDAY=MO',
  'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6',
  'FREQ=WEEKLY;BYDAY=MO;BYSETPOS=2',
  'FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=31',
  'FREQ=DAILY;COUNT=999999',
  'FREQ=DAILY;INTERVAL=999999',
  'FREQ=DAILY;UNTIL=99991231',
];

const ABSURD_STARTS = ['0001-01-01 00:00:00', '1600-01-01 10:00:00', '9999-12-31 23:00:00'];

/** CSV rows whose dates are absurd (TEC's importer columns). */
const ABSURD_CSV = [
  ['99999-01-01', '10:00', '99999-01-01', '11:00'],
  ['0000-01-01', '10:00', '0000-01-01', '11:00'],
  ['2027-03-01', '99:99', '2027-03-01', '-1:00'],
];

type Door = { route: string; request: Omit<RawRequest, 'headers'> & { type: string } };

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/** An absurd request through one of the doors; `eventId` names an event to update. */
export function absurdRequests(eventId: string): fc.Arbitrary<Door> {
  const importDoor = fc.constantFrom(...ABSURD_VEVENT_LINES, DEEP).map((lines): Door => ({
    route: '/marquee/v1/import',
    request: {
      method: 'POST',
      path: '/wp-json/marquee/v1/import?format=ics',
      type: 'text/calendar',
      body: ics(lines),
    },
  }));
  const csvDoor = fc
    .constantFrom(...ABSURD_CSV)
    .map(([startDate, startTime, endDate, endTime]): Door => ({
      route: '/marquee/v1/import',
      request: {
        method: 'POST',
        path: '/wp-json/marquee/v1/import?format=csv',
        type: 'text/csv',
        body: Buffer.from(
          'Event Name,Event Start Date,Event Start Time,Event End Date,Event End Time\r\n' +
            `Absurd,${startDate},${startTime},${endDate},${endTime}\r\n`,
        ),
      },
    }));
  const restDoor = fc
    .tuple(fc.constantFrom(...ABSURD_RULES), fc.constantFrom(...ABSURD_STARTS), fc.boolean())
    .map(([rrule, start, update]): Door => ({
      route: update ? '/tribe/events/v1/events/(?P<id>\\d+)' : '/tribe/events/v1/events',
      request: {
        method: 'POST',
        path: `/wp-json/tribe/events/v1/events${update ? `/${eventId}` : ''}`,
        type: 'application/json',
        body: json({
          title: 'Absurd',
          start_date: start,
          end_date: start,
          recurrence: { rrule },
        }),
      },
    }));
  return fc.oneof(importDoor, csvDoor, restDoor);
}
