import { describe, expect, it } from 'vitest';
import { isAllowedHost } from './host-guard.ts';

describe('isAllowedHost (DNS rebinding guard)', () => {
  it.each([
    'localhost:8787',
    '127.0.0.1:8787',
    '[::1]:8787',
    'marquee.localhost',
    '192.168.1.20:8787',
    'LOCALHOST',
  ])('accepts %s', (host) => expect(isAllowedHost(host, [])).toBe(true));

  it.each(['evil.example', 'evil.example:8787', '127.0.0.1.nip.io', ''])('refuses %s', (host) => {
    expect(isAllowedHost(host, [])).toBe(false);
  });

  it('accepts configured host names, ignoring case and port', () => {
    expect(isAllowedHost('Calendar.Venue.Lan:8787', ['calendar.venue.lan'])).toBe(true);
    expect(isAllowedHost(undefined, ['calendar.venue.lan'])).toBe(false);
  });
});
