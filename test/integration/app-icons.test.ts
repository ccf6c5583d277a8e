/**
 * The app's icons, drawn from the one source SVG by scripts/release/make-icons.ts: every Linux
 * size at its real pixel size, and a Windows .ico and macOS .icns that hold real images.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { LINUX_SIZES, makeIcons } from '../../scripts/release/make-icons.ts';

const out = mkdtempSync(join(tmpdir(), 'marquee-icons-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** A PNG's width and height, from its IHDR chunk (bytes 16-23). */
function pngSize(file: string): [number, number] {
  const png = readFileSync(file);
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

it('draws every size from the one source image', () => {
  const written = makeIcons(undefined, out);
  expect(written).toEqual([
    ...LINUX_SIZES.map((size) => `icons/${size}x${size}.png`),
    'icon.png',
    'icon.ico',
    'icon.icns',
  ]);
  for (const size of LINUX_SIZES) {
    expect(pngSize(join(out, 'icons', `${size}x${size}.png`))).toEqual([size, size]);
  }
  expect(pngSize(join(out, 'icon.png'))).toEqual([1024, 1024]);

  // ICO: reserved 0, type 1 (icon), then how many images; the largest Windows shows is 256.
  const ico = readFileSync(join(out, 'icon.ico'));
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
  expect(ico.readUInt16LE(4)).toBeGreaterThanOrEqual(5);
  expect(ico.readUInt8(6)).toBe(0); // width 0 means 256

  // ICNS: its magic, and its own length as the file's.
  const icns = readFileSync(join(out, 'icon.icns'));
  expect(icns.subarray(0, 4).toString('latin1')).toBe('icns');
  expect(icns.readUInt32BE(4)).toBe(icns.length);
});
