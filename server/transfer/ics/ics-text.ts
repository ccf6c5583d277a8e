/**
 * Texts for ICS TEXT values: HTML descriptions as plain text, names without markup or entities
 * (WordPress stores term names as "Arts &amp; Crafts"), and no characters a TEXT may not hold.
 * A small strip, not a sanitizer: the result is escaped as text, never shown as HTML.
 */

/** Newlines as LF (ical.js escapes LF but not CR) and no other control characters but TAB. */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  shy: '\u00ad',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  times: '×',
  deg: '°',
  euro: '€',
  pound: '£',
  copy: '©',
  reg: '®',
  trade: '™',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  eacute: 'é',
  egrave: 'è',
  agrave: 'à',
  ccedil: 'ç',
};

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));/g;

function fromCodePoint(codePoint: number): string {
  const valid =
    codePoint > 0 && codePoint <= 0x10ffff && !(codePoint >= 0xd800 && codePoint < 0xe000);
  return valid ? String.fromCodePoint(codePoint) : '\ufffd';
}

/** Decodes numeric entities and the common named ones; unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, decimal?: string, hex?: string, name?: string) => {
    if (decimal) return fromCodePoint(Number.parseInt(decimal, 10));
    if (hex) return fromCodePoint(Number.parseInt(hex, 16));
    return NAMED_ENTITIES[name ?? ''] ?? whole;
  });
}

// A tag starts with a letter, so "Kids <12" or "a < b" survive as text.
const TAG = /<\/?[a-zA-Z][^>]*>/g;
const PARAGRAPH_TAG =
  /<\/?(?:p|div|h[1-6]|ul|ol|blockquote|pre|table|section|article|header|footer|figure|hr)\b[^>]*>/gi;
// Items start a line; their closing tags do not, or a list would have blank lines between items.
const LINE_TAG = /<br\b[^>]*>|<(?:li|tr|dt|dd|figcaption)\b[^>]*>/gi;

/**
 * An HTML description as plain text: paragraphs and line breaks as newlines (a newline in the
 * source counts too, as WordPress's autop reads it), scripts and comments dropped.
 */
export function htmlToText(html: string): string {
  const text = cleanText(html)
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
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
