/** Removes the e2e server's temporary data directory once the run is over. */
import { rmSync } from 'node:fs';

export default function globalTeardown(): void {
  const dir = process.env.MARQUEE_E2E_DATA;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
