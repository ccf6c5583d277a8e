/**
 * HTML from a file cleaned to what a description may hold (rich-text-rules.ts, the editor's
 * rules) on the server, which has no DOM for DOMPurify: sanitize-html, which parses with
 * htmlparser2 and writes the result anew, so it is well formed whatever came in. Other tags
 * are dropped and their text kept, except what is not text to read (scripts, styles, a
 * document's head), which goes whole, as DOMPurify does.
 */
import sanitizeHtml from 'sanitize-html';
import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_TAGS,
  RICH_TEXT_URI,
} from '#shared/text/rich-text-rules.ts';

/** Elements whose content is not text to read: dropped with it (DOMPurify's FORBID_CONTENTS). */
const WITHOUT_CONTENT = [
  ...['script', 'style', 'head', 'title', 'template', 'noscript', 'noembed', 'noframes'],
  ...['iframe', 'object', 'svg', 'math', 'textarea', 'select', 'xmp', 'plaintext', 'option'],
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: RICH_TEXT_TAGS,
  allowedAttributes: { a: RICH_TEXT_ATTRIBUTES },
  nonTextTags: WITHOUT_CONTENT,
  // The URL rule is the editor's (a scheme sanitize-html knows is not enough: `#` and `/`).
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  transformTags: {
    a: (tagName, attribs) => {
      // The attributes stay in their order (a round trip compares the HTML as written).
      const kept = { ...attribs };
      if (kept.href !== undefined && !RICH_TEXT_URI.test(kept.href.trim())) delete kept.href;
      return { tagName, attribs: kept };
    },
  },
  selfClosing: ['br'],
  disallowedTagsMode: 'discard',
};

/** `<br>` as the editor writes it (sanitize-html writes `<br />`), so a round trip is exact. */
export const cleanHtml = (html: string): string =>
  sanitizeHtml(html, OPTIONS).replace(/<br \/>/g, '<br>');
