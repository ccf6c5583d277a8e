/**
 * The media type an image's URL names by its extension: an ICS ATTACH's FMTTYPE, a WordPress
 * attachment's `mime_type`.
 */
const IMAGE_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  heic: 'image/heic',
};

/** The media type an image URL's extension names, or undefined for none known. */
export function imageTypeOf(url: string): string | undefined {
  const path = URL.canParse(url) ? new URL(url).pathname : url;
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  return IMAGE_TYPES[extension];
}
