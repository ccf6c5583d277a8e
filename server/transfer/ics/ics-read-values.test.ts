import { describe, expect, it } from 'vitest';
import { nameOf } from './ics-read-lines.ts';
import { valueProblem } from './ics-read-values.ts';

const problemOf = (line: string) => valueProblem(nameOf(line), line);

describe('ICS time and recurrence values, checked as written', () => {
  it('takes what real exporters write', () => {
    for (const line of [
      'DTSTART:20240612T170000Z',
      'DTSTART;TZID=Europe/Berlin:20240612T170000',
      'DTSTART;TZID="Europe/Berlin":20240612T170000',
      'DTSTART;VALUE=DATE:20240612',
      'DTSTART:20240612',
      'DTEND:20241231T235960Z', // a leap second
      'RECURRENCE-ID;TZID=Europe/Berlin:20240612T170000',
      'DURATION:PT1H0M0S',
      'DURATION:P1D',
      'DURATION:P1W',
      'DURATION:-PT15M',
      'DURATION:P0DT2H',
      'RRULE:FREQ=WEEKLY;WKST=MO;UNTIL=20240328T180000Z;BYDAY=TH',
      'RRULE:FREQ=monthly;INTERVAL=2;COUNT=10;',
      'RRULE:FREQ=YEARLY;UNTIL=20301231',
      'EXDATE;TZID=Europe/Berlin:20240314T190000,20240321T190000',
      'EXDATE;VALUE=DATE:20240314,20240321',
      'RDATE;VALUE=PERIOD:20240613T100000Z/PT1H,20240614T100000Z/20240614T110000Z',
      'X-ANYTHING:garbage',
      'SUMMARY:not a date',
    ])
      expect(problemOf(line), line).toBeUndefined();
  });

  it('names the property and its value as written when it cannot be read', () => {
    expect(
      [
        'DTSTART:garbage',
        'DTSTART;TZID=Europe/Berlin:20240931T200000',
        'DTEND:20240612T250000Z',
        'DTSTART;VALUE=DATE:20240612T100000',
        'DURATION:1H',
        'DURATION:PT',
        'RRULE:COUNT=3',
        'RRULE:FREQ=FORTNIGHTLY',
        'RRULE:FREQ=DAILY;UNTIL=2024-06-12',
        'RRULE:FREQ=DAILY;INTERVAL=0',
        'RRULE:garbage',
        'EXDATE:20240612T100000Z,20240613',
        'RDATE;VALUE=PERIOD:20240613T100000Z/soon',
      ].map(problemOf),
    ).toEqual([
      'DTSTART "garbage" is not a date like 20240612 or a date-time like 20240612T170000 (…Z in UTC)',
      'DTSTART "20240931T200000" is not a date on the calendar',
      'DTEND "20240612T250000Z" is not a time of day',
      'DTSTART "20240612T100000" is a date-time where VALUE=DATE says a date: write all as one',
      'DURATION "1H" is not a duration like PT1H30M or P1D',
      'DURATION "PT" is not a duration like PT1H30M or P1D',
      'RRULE "COUNT=3" has no FREQ (like FREQ=WEEKLY)',
      'RRULE "FREQ=FORTNIGHTLY" has FREQ=FORTNIGHTLY, not one of SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY, YEARLY',
      'RRULE "FREQ=DAILY;UNTIL=2024-06-12" has UNTIL=2024-06-12, which is not a date like 20240612 or a date-time like 20240612T170000 (…Z in UTC)',
      'RRULE "FREQ=DAILY;INTERVAL=0" has INTERVAL=0: not a whole number of at least 1',
      'RRULE "garbage" has "garbage" where a part like FREQ=WEEKLY belongs',
      'EXDATE "20240613" is a date where the first value is a date-time: write all as one',
      'RDATE "20240613T100000Z/soon" is not a period like 20240612T170000Z/PT1H',
    ]);
  });
});

describe('ICS values past what a calendar can hold', () => {
  it('refuses them on their own line, before anything expands them', () => {
    expect(problemOf('DURATION:P999999999999999999W')).toContain('past what a calendar can hold');
    expect(problemOf('DURATION:PT99999999999999S')).toContain('past what a calendar can hold');
    expect(problemOf('DURATION:P520000W')).toBeUndefined(); // 9,970 years: an end checks it
    expect(problemOf('RRULE:FREQ=DAILY;COUNT=999999999999')).toContain('at most 999999');
    expect(problemOf('RRULE:FREQ=DAILY;INTERVAL=1001')).toContain('at most 1000');
    expect(problemOf('RRULE:FREQ=HOURLY;BYHOUR=25')).toContain('hours from 0 to 23');
    expect(problemOf('RRULE:FREQ=MONTHLY;BYMONTHDAY=32')).toContain('BYMONTHDAY lists');
    expect(problemOf(`RRULE:FREQ=DAILY;BYMONTHDAY=${Array(401).fill(1).join(',')}`)).toContain(
      'at most 400',
    );
    expect(problemOf('DTSTART:00000101T000000Z')).toContain('before the year 1');
    expect(problemOf('RRULE:FREQ=YEARLY;BYSETPOS=-366;BYDAY=MO')).toBeUndefined();
  });
});
