import { describe, expect, it } from 'vitest';
import { linkAddress } from './link-address.ts';

describe('the address typed in the Link box', () => {
  it('drops a scheme pasted after the one filled in', () => {
    expect(linkAddress('https://https://tickets.example/night')).toBe(
      'https://tickets.example/night',
    );
    expect(linkAddress('https://http://tickets.example/')).toBe('http://tickets.example/');
    expect(linkAddress('https://mailto:box@venue.example')).toBe('mailto:box@venue.example');
    expect(linkAddress('  https://tickets.example/a?b=c  ')).toBe('https://tickets.example/a?b=c');
  });

  it('adds https:// to an address typed without a scheme', () => {
    expect(linkAddress('tickets.example/night')).toBe('https://tickets.example/night');
    expect(linkAddress('/events/jazz/')).toBe('/events/jazz/');
    expect(linkAddress('tel:+4930123456')).toBe('tel:+4930123456');
  });

  it('refuses what is not an address', () => {
    expect(linkAddress('https://')).toBeUndefined();
    expect(linkAddress('tickets')).toBeUndefined();
    expect(linkAddress('javascript:alert(1)')).toBeUndefined();
    expect(linkAddress('https://two words.example')).toBeUndefined();
  });
});
