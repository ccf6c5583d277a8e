import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openWireCache, type ResidentFragment, type WireCache } from './wire-cache.ts';

const bytes = (text: string): ResidentFragment => ({
  json: new Uint8Array(Buffer.from(text)),
  sha1: new Uint8Array(20),
  slots: '12:7',
});
const text = (found: ResidentFragment | undefined) =>
  found ? Buffer.from(found.json).toString() : undefined;

let cache: WireCache | undefined;
let dir: string | undefined;
afterEach(() => {
  cache?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  cache = dir = undefined;
});
function opened() {
  dir = mkdtempSync(join(tmpdir(), 'wire-cache-'));
  cache = openWireCache(dir);
  return cache;
}

describe('the wire cache’s file', () => {
  it('keeps each scope’s bytes apart, by event', () => {
    const file = opened();
    file.write(1, [
      [5, bytes('one:5')],
      [6, bytes('one:6')],
    ]);
    file.write(3000, [[5, bytes('far:5')]]);
    const read = file.read(1, [6, 5, 7]);
    expect([...read.keys()].sort()).toEqual([5, 6]);
    expect(text(read.get(5))).toBe('one:5');
    expect(text(file.read(3000, [5]).get(5))).toBe('far:5');
    expect(file.read(2, [5, 6]).size).toBe(0);
    expect(file.has(1, [4, 5, 6])).toEqual(new Set([5, 6]));
    file.write(1, [[5, bytes('again:5')]]);
    expect(text(file.read(1, [5]).get(5))).toBe('again:5');
  });

  it('forgets events in the scopes named, and empties a scope bit by bit', () => {
    const file = opened();
    for (const scope of [1, 2, 3])
      file.write(
        scope,
        [1, 2, 3, 4].map((id) => [id, bytes(`${scope}:${id}`)]),
      );
    file.forget([1, 2], [2, 3]);
    expect(file.has(1, [1, 2, 3, 4])).toEqual(new Set([1, 4]));
    expect(file.has(3, [1, 2, 3, 4])).toEqual(new Set([1, 2, 3, 4]));
    expect(file.dropScope(2, 1)).toBe(1);
    expect(file.dropScope(2, 10)).toBe(1);
    expect(file.dropScope(2, 10)).toBe(0);
    expect(file.has(1, [1, 4]).size).toBe(2);
    expect(file.has(3, [1, 2, 3, 4]).size).toBe(4);
  });
});
