/**
 * The website's application password, kept apart from the calendar's database, so that no
 * backup, snapshot or export of the calendar can carry it: a file of its own in the data
 * directory that only its owner may read (0600), encrypted when the desktop shell offers a way
 * (Electron's safeStorage: the system's keychain; `SecretBox`). electron/ supplies the box; the
 * server never imports Electron. A password encrypted by the desktop app cannot be read by the
 * command line (no keychain there): it says so, and how to go on.
 */
import { chmodSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the desktop shell offers to keep a secret encrypted (Electron's safeStorage). */
export type SecretBox = {
  encrypt(text: string): Buffer;
  decrypt(data: Buffer): string;
};

const SECRET_FILE = 'site-password.json';

type Stored = { scheme: 'keychain' | 'file'; data: string };

export class SecretLockedError extends Error {
  constructor() {
    super(
      'The website’s password was saved encrypted by the desktop app, which alone can read it: sync from the app, or connect again here (marquee site connect) to save it for the command line.',
    );
    this.name = 'SecretLockedError';
  }
}

export type SiteSecrets = ReturnType<typeof createSiteSecrets>;

export function createSiteSecrets(dataDir: string, box?: SecretBox) {
  const file = join(dataDir, SECRET_FILE);
  return {
    /** Whether the password is kept encrypted (else in an owner-only file). */
    encrypted: box !== undefined,

    save(password: string): void {
      const stored: Stored = box
        ? { scheme: 'keychain', data: box.encrypt(password).toString('base64') }
        : { scheme: 'file', data: password };
      // Written whole, readable by its owner only from its first byte, then moved in place.
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(stored), { mode: 0o600 });
      chmodSync(temporary, 0o600);
      renameSync(temporary, file);
    },

    /** The password, or undefined when none is kept. */
    load(): string | undefined {
      let stored: Stored;
      try {
        stored = JSON.parse(readFileSync(file, 'utf8')) as Stored;
      } catch {
        return undefined;
      }
      if (stored.scheme === 'file') return stored.data;
      if (!box) throw new SecretLockedError();
      return box.decrypt(Buffer.from(stored.data, 'base64'));
    },

    forget(): void {
      rmSync(file, { force: true });
    },
  };
}
