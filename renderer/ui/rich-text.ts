/**
 * Descriptions are HTML kept simple: paragraphs, bold, italic, links and lists. Whatever comes
 * in (an import, the API, a paste) is cleaned to that before the editor shows it, and what the
 * editor gives back is cleaned again before it is stored.
 */
import DOMPurify from 'dompurify';
import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_TAGS,
  RICH_TEXT_URI,
} from '#shared/text/rich-text-rules.ts';

export function cleanHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: RICH_TEXT_TAGS,
    ALLOWED_ATTR: RICH_TEXT_ATTRIBUTES,
    ALLOWED_URI_REGEXP: RICH_TEXT_URI,
  });
}

/** An empty editor gives `<p></p>`; stored, that is no description at all. */
export function storedHtml(html: string): string {
  const clean = cleanHtml(html).trim();
  return clean === '<p></p>' ? '' : clean;
}
