/** Runs the same server as `marquee serve` inside the main process, on the configured port. */
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../server/start-server.ts';

export type HostedServer = RunningServer;

export function hostServer(options: { dataDir: string; token: string }): Promise<HostedServer> {
  const envPort = Number(process.env.MARQUEE_PORT);
  return startServer({
    dataDir: options.dataDir,
    port: Number.isInteger(envPort) && envPort > 0 ? envPort : 'configured',
    adminToken: options.token,
    staticDir: fileURLToPath(new URL('../renderer', import.meta.url)),
  });
}
