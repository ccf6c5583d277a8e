import { describe, expect, it } from 'vitest';
import { calendarLocaleOf, hour12In, userFirstDay, userHour12 } from './calendar-locale.ts';

describe('calendar locale', () => {
  it('takes the week start and clock from the user’s region', () => {
    expect(userFirstDay('de-DE')).toBe(1);
    expect(userFirstDay('en-US')).toBe(0);
    expect(userHour12('en-US')).toBe(true);
    expect(userHour12('de-DE')).toBe(false);
  });

  it('writes a language’s times with the region’s clock, unless that would splice the two', () => {
    expect(hour12In('de', 'en-CA')).toBe(true);
    expect(hour12In('ja', 'en-US')).toBe(true);
    expect(hour12In('es', 'en-US')).toBe(true);
    expect(hour12In('en', 'de-DE')).toBe(false);
    // Bulgarian's 12-hour form is "8:00 ч. pm": its own 24-hour clock instead.
    expect(hour12In('bg', 'en-US')).toBe(false);
  });

  it('names Chinese the way FullCalendar does', () => {
    expect(calendarLocaleOf('zh-hans')).toBe('zh-cn');
    expect(calendarLocaleOf('pt-br')).toBe('pt-br');
  });
});
