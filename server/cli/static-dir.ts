/** The built renderer, found next to the running code: out/renderer from out/main or from source. */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export function findStaticDir(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, '../renderer'), resolve(here, '../../out/renderer')];
  return candidates.find((dir) => existsSync(join(dir, 'index.html')));
}
