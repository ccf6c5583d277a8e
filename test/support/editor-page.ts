/**
 * A stand-in for the built editor, for tests that need a page at `/` (discovery starts there,
 * as on a WordPress home page) without building the renderer.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A folder with `index.html` and any other `files` (path → text); `remove` deletes it. */
export function editorPage(files: Record<string, string> = {}): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-editor-'));
  for (const [path, text] of Object.entries({
    'index.html': '<!doctype html><title>Marquee</title>',
    ...files,
  })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
