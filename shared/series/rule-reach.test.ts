import { describe, expect, it } from 'vitest';
import { reachProblem } from './rule-reach.ts';

describe('a rule’s reach, checked before it is expanded', () => {
  it.each([
    ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', 'never meet'],
    ['FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=31', 'never meet'],
    ['FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30', 'never meet'],
    ['FREQ=MONTHLY;BYDAY=5MO;BYMONTHDAY=1', 'never meet'],
    ['FREQ=DAILY;BYSETPOS=2', 'BYSETPOS'],
    ['FREQ=WEEKLY;BYDAY=MO;BYSETPOS=2', 'BYSETPOS'],
    ['FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6', 'BYSETPOS'],
  ])('refuses %s', (rule, why) => {
    expect(reachProblem(rule, '2027-03-01 18:00:00')).toContain(why);
  });

  it.each([
    'FREQ=WEEKLY;BYDAY=MO,WE',
    'FREQ=MONTHLY;BYDAY=-1FR',
    'FREQ=MONTHLY;BYMONTHDAY=31',
    'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
    'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO', // every 28 years or so
    'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=5',
    'FREQ=YEARLY;BYWEEKNO=53;BYDAY=MO',
  ])('takes %s', (rule) => {
    expect(reachProblem(rule, '2027-03-01 18:00:00')).toBeUndefined();
  });

  it('refuses a rule that never recurs without walking to the year 9999', () => {
    // Twenty different starts (not remembered): a walk to 9999 takes 15 s each, far past the
    // test's timeout.
    for (let day = 1; day <= 20; day += 1)
      expect(
        reachProblem(
          `FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30;BYDAY=MO`,
          `2027-03-${String(day).padStart(2, '0')} 18:00:00`,
        ),
      ).toBeDefined();
  });
});
