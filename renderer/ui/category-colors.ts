/**
 * Each category's colour in the calendar: the one chosen in its editor, else one of a fixed
 * palette picked by its uuid (so it keeps its colour everywhere and on every computer). Events
 * without a category are drawn in a neutral grey. White text reads on all of them, in light and
 * dark mode. TEC has no colour field: the colour travels in sync and backups, not in TEC answers.
 */
export const PALETTE = [
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

/** Events without a category. */
export const NEUTRAL_COLOR = '#6b7280';

export function paletteColor(uuid: string): string {
  let hash = 0;
  for (const char of uuid) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return PALETTE[Math.abs(hash) % PALETTE.length] ?? PALETTE[0];
}

export function categoryColor(category: { uuid: string; color?: string | undefined }): string {
  return category.color || paletteColor(category.uuid);
}

/** Category uuid → colour, for drawing many events. */
export function categoryColors(
  categories: readonly { uuid: string; color?: string | undefined }[],
): ReadonlyMap<string, string> {
  return new Map(categories.map((category) => [category.uuid, categoryColor(category)]));
}
