import { describe, expect, it } from 'vitest';
import { isAllowedHost, isWellFormedHost } from './host-guard.ts';

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

describe('isWellFormedHost (answers build URLs from Host)', () => {
  it.each(['localhost', 'localhost:8787', '127.0.0.1:65535', '[::1]:8787', '[::1]', 'a_b.lan:1'])(
    'takes %s',
    (host) => expect(isWellFormedHost(host)).toBe(true),
  );

  it.each([
    'localhost:99999',
    '127.0.0.1:abc',
    '[::1',
    '[::1]x',
    '[nope]:80',
    'localhost:',
    'a b',
    'user@localhost',
    'localhost/x',
    '999.1.1.1',
    '',
  ])('refuses %s', (host) => expect(isWellFormedHost(host)).toBe(false));
});
