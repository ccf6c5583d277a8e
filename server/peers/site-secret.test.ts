import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSiteSecrets, SecretLockedError, type SecretBox } from './site-secret.ts';

/** A stand-in for the system keychain: reversible, and visibly not the text. */
const box: SecretBox = {
  encrypt: (text) => Buffer.from([...Buffer.from(text)].map((byte) => byte ^ 0x5a)),
  decrypt: (data) => Buffer.from([...data].map((byte) => byte ^ 0x5a)).toString(),
};

describe('the website’s password on disk', () => {
  it('is kept in a file only its owner may read, and forgotten', () => {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-secret-'));
    const secrets = createSiteSecrets(dir);
    secrets.save('abcd efgh ijkl');
    expect(statSync(join(dir, 'site-password.json')).mode & 0o777).toBe(0o600);
    expect(secrets.load()).toBe('abcd efgh ijkl');
    secrets.forget();
    expect(secrets.load()).toBeUndefined();
  });

  it('is encrypted by the keychain where the desktop app has one, which alone can read it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-secret-'));
    createSiteSecrets(dir, box).save('abcd efgh ijkl');
    expect(readFileSync(join(dir, 'site-password.json'), 'utf8')).not.toContain('abcd');
    expect(createSiteSecrets(dir, box).load()).toBe('abcd efgh ijkl');
    expect(() => createSiteSecrets(dir).load()).toThrow(SecretLockedError);
  });
});
