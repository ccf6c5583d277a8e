/**
 * The texts of TEC's JSON-LD (Tribe__JSON_LD__Abstract): a name and a description passed
 * through WordPress's esc_js, the description being tribe_events_get_the_excerpt's (the
 * excerpt, else the content's first 55 words, as one paragraph).
 */
import { autop } from '@wordpress/autop';
import sanitizeHtml from 'sanitize-html';

const BASE = ['class', 'id', 'style'];

/** The tags tribe_events_get_the_excerpt lets through wp_kses by default, with their attributes. */
const EXCERPT_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'b', 'strong', 'em', 'span', 'ul', 'li', 'ol'],
  allowedAttributes: {
    a: [...BASE, 'href', 'rel', 'target'],
    ...Object.fromEntries(
      ['b', 'strong', 'em', 'span', 'ul', 'li', 'ol'].map((tag) => [tag, BASE]),
    ),
  },
  // wp_kses keeps the text of the tags it drops; only what no browser shows goes with its tag.
  nonTextTags: ['script', 'style'],
  // Entities stay as written (`&hellip;`), as wp_kses leaves them.
  parser: { decodeEntities: false },
};

/** wp_trim_words: every tag stripped, the first `count` words, " [&hellip;]" when cut. */
function trimWords(text: string, count = 55): string {
  const plain = text
    .replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .trim();
  const words = plain.split(/[\n\r\t ]+/).filter(Boolean);
  if (words.length > count) return `${words.slice(0, count).join(' ')} [&hellip;]`;
  return words.join(' ');
}

/**
 * tribe_events_get_the_excerpt: the excerpt when there is one, else the content trimmed to
 * words; both with only the excerpt's tags, then as wpautop's paragraphs.
 */
export function tecExcerpt(excerpt: string, content: string): string {
  const text = excerpt.trim() !== '' ? excerpt : content;
  if (text.trim() === '') return '';
  const kept = sanitizeHtml(text.replace(/\[.+?\]/g, ''), EXCERPT_HTML);
  return autop(excerpt.trim() === '' ? trimWords(kept) : kept);
}

/**
 * WordPress's esc_js: HTML's special characters as entities (an entity already there is kept),
 * backslashes removed, quotes and backslashes escaped, line breaks written as `\n`.
 */
export function escJs(text: string): string {
  return text
    .replace(/&(?!#?\w+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/&#(x0*27|0*39);?/gi, "'")
    .replace(/\\(.?)/g, '$1')
    .replace(/\r/g, '')
    .replace(/[\\']/g, '\\$&')
    .replace(/\n/g, '\\n');
}
