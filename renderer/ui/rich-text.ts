/**
 * Descriptions are HTML kept simple: paragraphs, bold, italic, links and lists. Whatever comes
 * in (an import, the API, a paste) is cleaned to that before the editor shows it, and what the
 * editor gives back is cleaned again before it is stored.
 */
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'a', 'ul', 'ol', 'li'];
const ALLOWED_ATTR = ['href', 'target', 'rel'];

export function cleanHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|#|\/)/i,
  });
}

/** An empty editor gives `<p></p>`; stored, that is no description at all. */
export function storedHtml(html: string): string {
  const clean = cleanHtml(html).trim();
  return clean === '<p></p>' ? '' : clean;
}
