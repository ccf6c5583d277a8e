import { describe, expect, it } from 'vitest';
import { calendarLocaleOf, userFirstDay, userHour12 } from './calendar-locale.ts';

describe('calendar locale', () => {
  it('takes the week start and clock from the user’s region', () => {
    expect(userFirstDay('de-DE')).toBe(1);
    expect(userFirstDay('en-US')).toBe(0);
    expect(userHour12('en-US')).toBe(true);
    expect(userHour12('de-DE')).toBe(false);
  });

  it('names Chinese the way FullCalendar does', () => {
    expect(calendarLocaleOf('zh-hans')).toBe('zh-cn');
    expect(calendarLocaleOf('pt-br')).toBe('pt-br');
  });
});
