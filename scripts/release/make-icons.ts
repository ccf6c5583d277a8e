/**
 * The app's icons in every size the three systems ask for, drawn from one source image: the
 * editor's own favicon (renderer/public/favicon.svg), so the window, the dock and the browser
 * tab show the same mark. Run at package time (`npm run package`, the release workflow); the
 * output is not committed, since it is made again from the SVG in a second.
 *
 *   node scripts/release/make-icons.ts [SOURCE.svg] [OUT_DIR]
 *
 * OUT_DIR gets icons/<N>x<N>.png (Linux: AppImage and .deb take the folder), icon.png (1024),
 * icon.ico (Windows: NSIS and the .exe) and icon.icns (macOS).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import png2icons from 'png2icons';

const ROOT = resolve(import.meta.dirname, '../..');
export const ICON_SOURCE = join(ROOT, 'renderer', 'public', 'favicon.svg');
export const ICON_OUT = join(ROOT, 'packaging', 'generated');

/** The sizes freedesktop's icon theme and electron-builder's Linux targets look for. */
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;

function render(svg: Buffer, size: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

export function makeIcons(source = ICON_SOURCE, outDir = ICON_OUT): string[] {
  const svg = readFileSync(source);
  mkdirSync(join(outDir, 'icons'), { recursive: true });
  const written: string[] = [];
  const write = (name: string, data: Buffer) => {
    writeFileSync(join(outDir, name), data);
    written.push(name);
  };
  for (const size of LINUX_SIZES) write(`icons/${size}x${size}.png`, render(svg, size));
  const large = render(svg, 1024);
  write('icon.png', large);
  // The ICO and ICNS are resized from the 1024 px drawing; BICUBIC keeps the edges smooth.
  const ico = png2icons.createICO(large, png2icons.BICUBIC, 0, true, true);
  const icns = png2icons.createICNS(large, png2icons.BICUBIC, 0);
  if (!ico || !icns) throw new Error(`could not make the .ico/.icns from ${source}`);
  write('icon.ico', ico);
  write('icon.icns', icns);
  return written;
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const [source, outDir] = process.argv.slice(2);
  const written = makeIcons(source ?? ICON_SOURCE, outDir ?? ICON_OUT);
  console.log(`Icons: ${written.length} files in ${outDir ?? ICON_OUT}`);
}
