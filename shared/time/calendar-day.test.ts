import { describe, expect, it } from 'vitest';
import { calendarDay } from './calendar-day.ts';

describe('calendarDay', () => {
  it('turns at midnight in the zone, asked minute by minute', () => {
    // Midnight in Kathmandu (UTC+5:45) is 18:15 UTC; in Berlin (UTC+1) 23:00 UTC.
    const at = (iso: string) => new Date(iso);
    expect(calendarDay('Asia/Kathmandu', at('2026-11-23T18:14:00Z'))).toBe('2026-11-23');
    expect(calendarDay('Asia/Kathmandu', at('2026-11-23T18:14:59Z'))).toBe('2026-11-23');
    expect(calendarDay('Asia/Kathmandu', at('2026-11-23T18:15:00Z'))).toBe('2026-11-24');
    expect(calendarDay('Europe/Berlin', at('2026-11-23T22:59:59Z'))).toBe('2026-11-23');
    expect(calendarDay('Europe/Berlin', at('2026-11-23T23:00:00Z'))).toBe('2026-11-24');
    expect(calendarDay('Asia/Kathmandu', at('2026-11-23T18:14:30Z'))).toBe('2026-11-23');
  });
});
