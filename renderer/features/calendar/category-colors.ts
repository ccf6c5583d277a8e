/**
 * Each category's colour in the calendar: a fixed palette (white text reads on all of them, in
 * light and dark mode), picked by the category's uuid so a category keeps its colour everywhere
 * and on every computer. TEC has no colour field; Marquee adds none to the API.
 */
const PALETTE = [
  '#c2410c',
  '#0369a1',
  '#15803d',
  '#7c3aed',
  '#be123c',
  '#0f766e',
  '#a16207',
  '#4338ca',
  '#86198f',
  '#475569',
] as const;

export function categoryColor(uuid: string): string {
  let hash = 0;
  for (const char of uuid) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return PALETTE[Math.abs(hash) % PALETTE.length] ?? PALETTE[0];
}
