/**
 * Texts for ICS TEXT values: HTML descriptions as plain text, names without markup or entities
 * (WordPress stores term names as "Arts &amp; Crafts"), and no characters a TEXT may not hold.
 * A small strip, not a sanitizer: the result is escaped as text, never shown as HTML.
 */
import { decodeHTML as decodeEntities } from 'entities';

/** Newlines as LF (ical.js escapes LF but not CR) and no other control characters but TAB. */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

// A tag starts with a letter, so "Kids <12" or "a < b" survive as text.
const TAG = /<\/?[a-zA-Z][^>]*>/g;
const PARAGRAPH_TAG =
  /<\/?(?:p|div|h[1-6]|ul|ol|blockquote|pre|table|section|article|header|footer|figure|hr)\b[^>]*>/gi;
// Items start a line; their closing tags do not, or a list would have blank lines between items.
const LINE_TAG = /<br\b[^>]*>|<(?:li|tr|dt|dd|figcaption)\b[^>]*>/gi;

const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const SCHEMES_SHOWN_AS_TEXT = /^(?:mailto|tel):/i;

/** A link as text: "text (url)", or the url alone when that is its text. */
function linkAsText(openTag: string, inner: string): string {
  const match = HREF.exec(openTag);
  const href = match?.[1] ?? match?.[2] ?? match?.[3];
  if (href === undefined) return inner;
  const url = decodeEntities(href).trim();
  const text = inlineText(inner);
  if (!text || text === url) return href;
  return text === url.replace(SCHEMES_SHOWN_AS_TEXT, '') ? inner : `${inner} (${href})`;
}

/**
 * Every `<a href>…</a>` as linkAsText writes it (still HTML: the href as written, entities and
 * all). One pass with indexOf, not a lazy regular expression: text with many `<a` and no `</a>`
 * must not take time by its square.
 */
function linksAsText(html: string): string {
  const lower = html.toLowerCase();
  let out = '';
  let at = 0;
  for (;;) {
    const start = lower.indexOf('<a', at);
    if (start === -1) break;
    const after = lower[start + 2];
    const openEnd = lower.indexOf('>', start);
    if (openEnd === -1) break;
    if (after !== '>' && after !== '/' && !/\s/.test(after ?? '')) {
      out += html.slice(at, start + 2);
      at = start + 2;
      continue;
    }
    const close = lower.indexOf('</a', openEnd);
    const closeEnd = close === -1 ? -1 : lower.indexOf('>', close);
    if (closeEnd === -1) break;
    out +=
      html.slice(at, start) +
      linkAsText(html.slice(start, openEnd + 1), html.slice(openEnd + 1, close));
    at = closeEnd + 1;
  }
  return out + html.slice(at);
}

/**
 * An HTML description as plain text: paragraphs and line breaks as newlines (a newline in the
 * source counts too, as WordPress's autop reads it), links as "text (url)", scripts and
 * comments dropped.
 */
export function htmlToText(html: string): string {
  const text = linksAsText(
    cleanText(html)
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ''),
  )
    .replace(PARAGRAPH_TAG, '\n\n')
    .replace(LINE_TAG, '\n')
    .replace(TAG, '');
  return decodeEntities(text)
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A name or title on one line: no markup, entities decoded, white space collapsed. */
export function inlineText(text: string): string {
  return decodeEntities(cleanText(text).replace(TAG, '')).replace(/\s+/g, ' ').trim();
}
