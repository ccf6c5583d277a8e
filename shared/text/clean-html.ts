/**
 * HTML from a file cleaned to what a description may hold (rich-text-rules.ts, the editor's
 * rules), without a DOM: the server has none, and DOMPurify needs one. The input is read as a
 * stream of tags and text and the output is built anew from what is allowed, so it is well
 * formed whatever came in: every element it opens it closes, attribute values are quoted and
 * escaped, a stray `<`, `>` or `&` in text is escaped. Other tags are dropped and their text
 * kept, except what is not text to read (scripts, styles, a document's head), which goes
 * whole, as DOMPurify does.
 */
import { decodeEntities } from './html-entities.ts';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS, RICH_TEXT_URI } from './rich-text-rules.ts';

const ALLOWED = new Set(RICH_TEXT_TAGS);
const ATTRIBUTES = new Set(RICH_TEXT_ATTRIBUTES);
const VOID = new Set(['br']);
/** Elements whose content is not text to read: dropped with it (DOMPurify's FORBID_CONTENTS). */
const WITHOUT_CONTENT = new Set([
  ...['script', 'style', 'head', 'title', 'template', 'noscript', 'noembed', 'noframes'],
  ...['iframe', 'object', 'svg', 'math', 'textarea', 'select', 'xmp', 'plaintext'],
]);
/** What browsers (and DOMPurify) ignore in a URL before they read its scheme. */
// eslint-disable-next-line no-control-regex
const URL_BLANKS = /[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g;

// Sticky: each reads at its lastIndex in the whole text, which is never copied.
const TAG_NAME = /[a-zA-Z][a-zA-Z0-9-]*/y;
const BETWEEN = /[\s/]*/y;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;
const ENTITY = /&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/y;

const readAt = (pattern: RegExp, text: string, at: number) => {
  pattern.lastIndex = at;
  return pattern.exec(text);
};

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text as it was written (its entities kept), with what would read as markup escaped. */
function cleanTextRun(text: string): string {
  let out = '';
  for (let at = 0; at < text.length; at += 1) {
    const character = text[at];
    if (character === '<') out += '&lt;';
    else if (character === '>') out += '&gt;';
    else if (character === '&') out += readAt(ENTITY, text, at) ? '&' : '&amp;';
    else out += character;
  }
  return out;
}

type Tag = { name: string; closing: boolean; attributes: [string, string][]; end: number };

/** The tag starting at `at` (a `<`), or undefined when it is no tag (then `<` is text). */
function readTag(html: string, at: number): Tag | undefined {
  const closing = html[at + 1] === '/';
  const name = readAt(TAG_NAME, html, at + (closing ? 2 : 1))?.[0];
  if (!name) return undefined;
  const attributes: [string, string][] = [];
  let position = TAG_NAME.lastIndex;
  for (;;) {
    position += readAt(BETWEEN, html, position)?.[0].length ?? 0;
    if (html[position] === '>')
      return { name: name.toLowerCase(), closing, attributes, end: position + 1 };
    const attribute = readAt(ATTRIBUTE, html, position);
    if (!attribute) return undefined;
    const [whole, key = '', double, single, bare] = attribute;
    attributes.push([key.toLowerCase(), decodeEntities(double ?? single ?? bare ?? '')]);
    position += whole.length;
  }
}

/** Where the content of a dropped element ends: after its end tag, else at the end. */
function endOf(html: string, name: string, from: number): number {
  const pattern = new RegExp(`</${name}\\s*>`, 'gi');
  pattern.lastIndex = from;
  const end = pattern.exec(html);
  return end ? end.index + end[0].length : html.length;
}

function allowedAttributes(attributes: [string, string][]): string {
  let out = '';
  const seen = new Set<string>();
  for (const [key, value] of attributes) {
    if (!ATTRIBUTES.has(key) || seen.has(key)) continue;
    if (key === 'href' && !RICH_TEXT_URI.test(value.replace(URL_BLANKS, ''))) continue;
    seen.add(key);
    out += ` ${key}="${escapeAttribute(value)}"`;
  }
  return out;
}

export function cleanHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let at = 0;
  while (at < html.length) {
    const next = html.indexOf('<', at);
    if (next === -1) {
      out += cleanTextRun(html.slice(at));
      break;
    }
    out += cleanTextRun(html.slice(at, next));
    if (html.startsWith('<!--', next)) {
      const end = html.indexOf('-->', next + 4);
      at = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[next + 1] === '!' || html[next + 1] === '?') {
      const end = html.indexOf('>', next);
      at = end === -1 ? html.length : end + 1;
      continue;
    }
    const tag = readTag(html, next);
    if (!tag) {
      out += '&lt;';
      at = next + 1;
      continue;
    }
    at = tag.end;
    if (!tag.closing && WITHOUT_CONTENT.has(tag.name)) {
      at = endOf(html, tag.name, at);
      continue;
    }
    if (!ALLOWED.has(tag.name)) continue;
    if (tag.closing) {
      const index = open.lastIndexOf(tag.name);
      if (index === -1) continue;
      for (const name of open.splice(index).reverse()) out += `</${name}>`;
      continue;
    }
    out += `<${tag.name}${allowedAttributes(tag.attributes)}>`;
    if (!VOID.has(tag.name)) open.push(tag.name);
  }
  for (const name of open.reverse()) out += `</${name}>`;
  return out;
}
