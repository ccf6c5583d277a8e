import { describe, expect, it } from 'vitest';
import { exposesSecrets, isLoopbackHost } from './loopback.ts';

describe('isLoopbackHost', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    'app.localhost',
    '127.0.0.1',
    '127.1.2.3',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
  ])('%s is this machine', (host) => expect(isLoopbackHost(host)).toBe(true));
  it.each([
    '0.0.0.0',
    '::',
    '192.168.1.5',
    'vm',
    'localhost.example',
    '127.0.0.1.example',
    '10.0.0.1',
    '[::2]',
  ])('%s is not', (host) => expect(isLoopbackHost(host)).toBe(false));
});

describe('exposesSecrets', () => {
  it('is plain http to another machine only', () => {
    const http = (hostname: string) => ({ protocol: 'http:', hostname });
    expect(exposesSecrets(http('vm'))).toBe(true);
    expect(exposesSecrets(http('venue.example'))).toBe(true);
    expect(exposesSecrets(http('127.0.0.1'))).toBe(false);
    expect(exposesSecrets(http('[::1]'))).toBe(false);
    expect(exposesSecrets({ protocol: 'https:', hostname: 'venue.example' })).toBe(false);
  });
});
