/** Runs the same server as `marquee serve` inside the main process, on the configured port. */
import { fileURLToPath } from 'node:url';
import { safeStorage } from 'electron';
import type { SecretBox } from '../server/peers/site-secret.ts';
import { startServer, type RunningServer } from '../server/start-server.ts';

export type HostedServer = RunningServer;

/**
 * The system's keychain (Electron's safeStorage) keeps the website's password encrypted where
 * it can (after the app is ready); elsewhere the server keeps it in an owner-only file.
 */
function keychain(): SecretBox | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined;
  return {
    encrypt: (text) => safeStorage.encryptString(text),
    decrypt: (data) => safeStorage.decryptString(data),
  };
}

export function hostServer(options: { dataDir: string; token: string }): Promise<HostedServer> {
  const envPort = Number(process.env.MARQUEE_PORT);
  return startServer({
    dataDir: options.dataDir,
    port: Number.isInteger(envPort) && envPort > 0 ? envPort : 'configured',
    adminToken: options.token,
    staticDir: fileURLToPath(new URL('../renderer', import.meta.url)),
    secretBox: keychain(),
  });
}
