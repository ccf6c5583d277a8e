/**
 * The website's application password (and the hub's token, the same way), kept apart from the calendar's database, so that no
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

type Stored = { scheme: 'keychain' | 'file'; data: string };

const SITE_LOCKED =
  'The website’s password was saved encrypted by the desktop app, which alone can read it: sync from the app, or connect again here (marquee site connect) to save it for the command line.';

const HUB_LOCKED =
  'The hub’s token was saved encrypted by the desktop app, which alone can read it: sync from the app, or connect again here (marquee hub connect) to save it for the command line.';

export class SecretLockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretLockedError';
  }
}

export type SiteSecrets = ReturnType<typeof createSiteSecrets>;

/** The website's application password. */
export function createSiteSecrets(dataDir: string, box?: SecretBox) {
  return createSecretFile(join(dataDir, 'site-password.json'), SITE_LOCKED, box);
}

/** The hub's access token (server/peers/hub/), kept the same way. */
export function createHubSecret(dataDir: string, box?: SecretBox) {
  return createSecretFile(join(dataDir, 'hub-token.json'), HUB_LOCKED, box);
}

function createSecretFile(file: string, lockedMessage: string, box: SecretBox | undefined) {
  return {
    /** Whether the secret is kept encrypted (else in an owner-only file). */
    encrypted: box !== undefined,

    save(secret: string): void {
      const stored: Stored = box
        ? { scheme: 'keychain', data: box.encrypt(secret).toString('base64') }
        : { scheme: 'file', data: secret };
      // Written whole, readable by its owner only from its first byte, then moved in place.
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(stored), { mode: 0o600 });
      chmodSync(temporary, 0o600);
      renameSync(temporary, file);
    },

    /** The secret, or undefined when none is kept. */
    load(): string | undefined {
      let stored: Stored;
      try {
        stored = JSON.parse(readFileSync(file, 'utf8')) as Stored;
      } catch {
        return undefined;
      }
      if (stored.scheme === 'file') return stored.data;
      if (!box) throw new SecretLockedError(lockedMessage);
      return box.decrypt(Buffer.from(stored.data, 'base64'));
    },

    forget(): void {
      rmSync(file, { force: true });
    },
  };
}
