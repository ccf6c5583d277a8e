import { describe, expect, it } from 'vitest';
import { timeFormatter } from './time-format.ts';

const at = (hour: number, minute = 0) => ({ array: [2027, 9, 20, hour, minute, 0, 0] });

describe('times in the calendar', () => {
  it('are written by Intl whole, a range as the language writes one', () => {
    const english = timeFormatter('en', true);
    expect(english({ start: at(20) })).toBe('8:00 PM');
    expect(english({ start: at(20), end: at(22) })).toMatch(/^8:00\s?–\s?10:00\sPM$/);
    const bulgarian = timeFormatter('bg', false);
    expect(bulgarian({ start: at(20), end: at(22, 30) })).toBe(
      new Intl.DateTimeFormat('bg', {
        hour: 'numeric',
        minute: '2-digit',
        hour12: false,
      }).formatRange(new Date(2027, 9, 20, 20), new Date(2027, 9, 20, 22, 30)),
    );
    expect(bulgarian({ start: at(20), end: at(22, 30) })).not.toMatch(/[ap]m/i);
    // The user's 12-hour clock in Bulgarian: Intl's own words, never a splice.
    expect(timeFormatter('bg', true)({ start: at(8) })).toBe(
      new Intl.DateTimeFormat('bg', { hour: 'numeric', minute: '2-digit', hour12: true }).format(
        new Date(2027, 9, 20, 8),
      ),
    );
  });
});
