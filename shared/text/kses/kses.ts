/**
 * WordPress's kses rules, with WordPress's lists (kses-lists.ts) and sanitize-html doing the
 * parsing: htmlparser2 reads the text as a browser would and the result is written anew, so
 * what comes out is well formed whatever came in. What each rule keeps is WordPress's (measured
 * against the real site: test/fixtures/kses/wordpress-answers.json); how it writes it may differ
 * where the difference shows nothing: tags are closed, `&copy;` may come out as `©`, a URL
 * with a scheme WordPress does not allow loses the attribute (WordPress cuts the scheme off),
 * comments go, and a `style` keeps only WordPress's CSS properties with plain values (no
 * `url()`, `calc()` or `var()`, which WordPress checks one by one). `<object>` goes whole:
 * WordPress keeps it only for a PDF on the site itself.
 */
import sanitizeHtml from 'sanitize-html';
import { decodeHTML } from 'entities';
import {
  GLOBAL_ATTRIBUTES,
  POST_TAGS,
  PROTOCOLS,
  TITLE_TAGS,
  URI_ATTRIBUTES,
} from './kses-lists.ts';

/** `safecss_filter_attr`'s properties (its `safe_style_css` list). */
const SAFE_CSS = [
  ...['background-color', 'background-position', 'background-repeat', 'background-size'],
  ...['background-attachment', 'background-blend-mode', 'border', 'border-radius'],
  ...['border-width', 'border-color', 'border-style', 'border-spacing', 'border-collapse'],
  ...['border-right', 'border-right-color', 'border-right-style', 'border-right-width'],
  ...['border-bottom', 'border-bottom-color', 'border-bottom-style', 'border-bottom-width'],
  ...['border-bottom-left-radius', 'border-bottom-right-radius', 'border-left'],
  ...['border-left-color', 'border-left-style', 'border-left-width', 'border-top'],
  ...['border-top-color', 'border-top-style', 'border-top-width', 'border-top-left-radius'],
  ...['border-top-right-radius', 'caption-side', 'columns', 'column-count', 'column-fill'],
  ...['column-gap', 'column-rule', 'column-span', 'column-width', 'display', 'color'],
  ...['font', 'font-family', 'font-size', 'font-style', 'font-variant', 'font-weight'],
  ...['letter-spacing', 'line-height', 'text-align', 'text-decoration', 'text-indent'],
  ...['text-transform', 'white-space', 'height', 'min-height', 'max-height', 'width'],
  ...['min-width', 'max-width', 'margin', 'margin-right', 'margin-bottom', 'margin-left'],
  ...['margin-top', 'margin-block-start', 'margin-block-end', 'margin-inline-start'],
  ...['margin-inline-end', 'padding', 'padding-right', 'padding-bottom', 'padding-left'],
  ...['padding-top', 'padding-block-start', 'padding-block-end', 'padding-inline-start'],
  ...['padding-inline-end', 'flex', 'flex-basis', 'flex-direction', 'flex-flow', 'flex-grow'],
  ...['flex-shrink', 'flex-wrap', 'gap', 'row-gap', 'grid-template-columns'],
  ...['grid-auto-columns', 'grid-column-start', 'grid-column-end', 'grid-column'],
  ...['grid-column-gap', 'grid-template-rows', 'grid-auto-rows', 'grid-row-start'],
  ...['grid-row-end', 'grid-row', 'grid-row-gap', 'grid-gap', 'justify-content'],
  ...['justify-items', 'justify-self', 'align-content', 'align-items', 'align-self', 'clear'],
  ...['cursor', 'direction', 'float', 'list-style-type', 'object-fit', 'object-position'],
  ...['opacity', 'overflow', 'vertical-align', 'writing-mode', 'position', 'top', 'right'],
  ...['bottom', 'left', 'z-index', 'box-shadow', 'aspect-ratio', 'container-type'],
];

/** A value without what safecss_filter_attr refuses (`\ ( & } = /*`): no function, no escape. */
const PLAIN_CSS_VALUE = /^(?!.*\/\*)[^\\(&}=]*$/;

/** Tags whose text WordPress keeps when it drops them: every one (kses keeps the text between). */
const NO_NON_TEXT_TAGS: string[] = [];

const withGlobal = (
  tags: Readonly<Record<string, readonly string[]>>,
  global: readonly string[],
): Record<string, string[]> =>
  Object.fromEntries(Object.entries(tags).map(([tag, own]) => [tag, [...own, ...global]]));

const URLS = {
  allowedSchemes: [...PROTOCOLS],
  allowedSchemesAppliedToAttributes: [...URI_ATTRIBUTES],
  allowProtocolRelative: true,
};

const POST_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: Object.keys(POST_TAGS).filter((tag) => tag !== 'object'),
  allowedAttributes: withGlobal(POST_TAGS, GLOBAL_ATTRIBUTES),
  allowedStyles: {
    '*': Object.fromEntries(SAFE_CSS.map((property) => [property, [PLAIN_CSS_VALUE]])),
  },
  nonTextTags: NO_NON_TEXT_TAGS,
  ...URLS,
  disallowedTagsMode: 'discard',
};

const TITLE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: Object.keys(TITLE_TAGS),
  allowedAttributes: withGlobal(TITLE_TAGS, []),
  nonTextTags: NO_NON_TEXT_TAGS,
  ...URLS,
  disallowedTagsMode: 'discard',
};

/** A term's description: `$allowedtags`, and a link's `rel` and `target` too. */
const TERM_DESCRIPTION_OPTIONS: sanitizeHtml.IOptions = {
  ...TITLE_OPTIONS,
  allowedAttributes: {
    ...withGlobal(TITLE_TAGS, []),
    a: [...(TITLE_TAGS.a ?? []), 'rel', 'target'],
  },
};

/** Only text: every tag goes, and what is between `<script>` or `<style>` tags with it. */
const TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: ['script', 'style'],
};

/** `wp_kses_post`: a post's content and excerpt as an author may write them. */
export const ksesPost = (html: string): string => sanitizeHtml(html, POST_OPTIONS);

/** `wp_filter_kses` (`$allowedtags`): what an author's post title may hold, as HTML. */
export const ksesTitle = (html: string): string => sanitizeHtml(html, TITLE_OPTIONS);

/** `wp_filter_kses` on `pre_term_description`: a term's description, for every role. */
export const ksesTermDescription = (html: string): string =>
  sanitizeHtml(html, TERM_DESCRIPTION_OPTIONS);

/**
 * A post's title or name as Marquee keeps it: text, which every exit escapes (docs/decisions.md,
 * "Titles and names"). What the title rule drops is dropped; the rest is given back as the
 * text it reads as, so "Rock & Roll" stays as typed instead of becoming "Rock &amp; Roll".
 */
export const titleText = (title: string): string => decodeHTML(ksesTitle(title));

/**
 * A plain-text field (a venue's address, an organizer's phone, an event's cost) as TEC keeps
 * it for every role: the tags stripped, the text of scripts and styles with them. The rest is
 * HTML as written: entities stay, a stray `<` or `>` is escaped, `&` stays as typed.
 */
export const strippedText = (text: string): string =>
  sanitizeHtml(text, { ...TEXT_OPTIONS, parser: { decodeEntities: false } }).replace(/&amp;/g, '&');

/**
 * A term's name as WordPress keeps it for every role (`sanitize_text_field`): text without
 * tags, on one line, its white space collapsed. Marquee keeps names as text (every exit
 * escapes them), so entities are read as the characters they are.
 */
export const termNameText = (name: string): string =>
  decodeHTML(sanitizeHtml(name, TEXT_OPTIONS)).replace(/\s+/g, ' ').trim();
