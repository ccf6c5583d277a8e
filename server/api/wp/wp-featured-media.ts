/**
 * A record's image as WordPress embeds a featured image (`_embedded['wp:featuredmedia']`, an
 * attachment in the `embed` context), made from its URL: Marquee keeps images as URLs, with no
 * media library, so the attachment has no id (0), no sizes and no address of its own. Site
 * builders read its `source_url`, `mime_type` and `alt_text`.
 */
import { utcToZone } from '#shared/time/datetime.ts';
import type { WireContext } from '../tec/wire-context.ts';
import { renderTitle } from '../tec/posts/post-wire.ts';
import type { WpRecord } from './wp-meta.ts';

const MIME: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

/** The record's image URL, "" for none. */
export function imageOf(item: WpRecord): string {
  return item.record.image;
}

/** The file's name without its extension, as WordPress titles an upload. */
function fileTitle(url: string): string {
  const file = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  return file.replace(/\.[^.]*$/, '');
}

export function embeddedImage(item: WpRecord, context: WireContext) {
  const url = imageOf(item);
  const extension = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase() ?? '';
  const title = fileTitle(url);
  return {
    id: 0,
    date: utcToZone(item.record.date, context.settings.timezone).replace(' ', 'T'),
    slug: title,
    type: 'attachment',
    link: url,
    title: { rendered: renderTitle(title) },
    author: item.record.author,
    featured_media: 0,
    caption: { rendered: '' },
    alt_text: '',
    media_type: 'image',
    mime_type: MIME[extension] ?? '',
    media_details: { sizes: {} },
    source_url: url,
  };
}
