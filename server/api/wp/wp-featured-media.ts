/**
 * A record's image as WordPress embeds a featured image (`_embedded['wp:featuredmedia']`, an
 * attachment in the `embed` context), made from its URL: Marquee keeps images as URLs, with no
 * media library, so the attachment has no id (0), no sizes and no address of its own. Site
 * builders read its `source_url`, `mime_type` and `alt_text`.
 */
import { imageTypeOf } from '#shared/text/image-type.ts';
import { utcToZone } from '#shared/time/datetime.ts';
import type { WireContext } from '../../http/wire-context.ts';
import { renderTitle } from '../tec/posts/post-wire.ts';
import type { WpRecord } from './wp-meta.ts';

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
    mime_type: imageTypeOf(url) ?? '',
    media_details: { sizes: {} },
    source_url: url,
  };
}
