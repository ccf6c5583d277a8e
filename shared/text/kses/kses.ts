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

type TagAttributes = Readonly<Record<string, readonly string[]>>;

/**
 * Keeps each tag's own attributes and the global ones (`data-*` among them). sanitize-html
 * compiles an `allowedAttributes` map on every call, which for WordPress's 123 tags cost most of
 * a call's time; this filter reads sets made once. Its URL and style checks still run.
 */
function keepAttributes(tags: TagAttributes, global: readonly string[]): sanitizeHtml.Transformer {
  const own = new Map(Object.entries(tags).map(([tag, names]) => [tag, new Set(names)]));
  const everywhere = new Set(global.filter((name) => name !== 'data-*'));
  const data = global.includes('data-*');
  return (tagName, attribs) => {
    const allowed = own.get(tagName);
    const kept: sanitizeHtml.Attributes = {};
    for (const [name, value] of Object.entries(attribs))
      if (allowed?.has(name) || everywhere.has(name) || (data && /^data-[\w-]+$/.test(name)))
        kept[name] = value;
    return { tagName, attribs: kept };
  };
}

/** Options of a kses rule: its tags, their attributes, WordPress's URL schemes. */
const rule = (tags: TagAttributes, global: readonly string[]): sanitizeHtml.IOptions => ({
  allowedTags: Object.keys(tags),
  allowedAttributes: false,
  transformTags: { '*': keepAttributes(tags, global) },
  nonTextTags: NO_NON_TEXT_TAGS,
  allowedSchemes: [...PROTOCOLS],
  allowedSchemesAppliedToAttributes: [...URI_ATTRIBUTES],
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
});

/** WordPress keeps `<object>` only for a PDF of the site itself: the cleaner drops it. */
const POST_TAGS_KEPT = Object.fromEntries(
  Object.entries(POST_TAGS).filter(([tag]) => tag !== 'object'),
);

const POST_OPTIONS: sanitizeHtml.IOptions = {
  ...rule(POST_TAGS_KEPT, GLOBAL_ATTRIBUTES),
  allowedStyles: {
    '*': Object.fromEntries(SAFE_CSS.map((property) => [property, [PLAIN_CSS_VALUE]])),
  },
};

const TITLE_OPTIONS = rule(TITLE_TAGS, []);

/** A term's description: `$allowedtags`, and a link's `rel` and `target` too. */
const TERM_DESCRIPTION_OPTIONS = rule(
  { ...TITLE_TAGS, a: [...(TITLE_TAGS.a ?? []), 'rel', 'target'] },
  [],
);

/** Only text: every tag goes, and what is between `<script>` or `<style>` tags with it. */
const TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: ['script', 'style'],
};

const REMEMBERED_LIMIT = 5_000;

/**
 * A cleaner by `options`. Text without a `<` holds no markup and is given back as it is (a stray
 * `&` or `>` in text is harmless, and plain text is most of what files bring). Texts repeat (a
 * series' occurrences, a venue on many rows of a file), so the latest are remembered.
 */
function cleaner(options: sanitizeHtml.IOptions): (html: string) => string {
  const remembered = new Map<string, string>();
  return (html) => {
    if (!html.includes('<')) return html;
    let clean = remembered.get(html);
    if (clean === undefined) {
      if (remembered.size >= REMEMBERED_LIMIT) remembered.clear();
      clean = sanitizeHtml(html, options);
      remembered.set(html, clean);
    }
    return clean;
  };
}

const STRIPPED_OPTIONS: sanitizeHtml.IOptions = {
  ...TEXT_OPTIONS,
  parser: { decodeEntities: false },
};

/** `wp_kses_post`: a post's content and excerpt as an author may write them. */
export const ksesPost = cleaner(POST_OPTIONS);

/** `wp_filter_kses` (`$allowedtags`): what an author's post title may hold, as HTML. */
export const ksesTitle = cleaner(TITLE_OPTIONS);

/** `wp_filter_kses` on `pre_term_description`: a term's description, for every role. */
export const ksesTermDescription = cleaner(TERM_DESCRIPTION_OPTIONS);

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
  text.includes('<') ? sanitizeHtml(text, STRIPPED_OPTIONS).replace(/&amp;/g, '&') : text;

/**
 * A term's name as WordPress keeps it for every role (`sanitize_text_field`): text without
 * tags, on one line, its white space collapsed. Marquee keeps names as text (every exit
 * escapes them), so entities are read as the characters they are.
 */
export const termNameText = (name: string): string =>
  decodeHTML(sanitizeHtml(name, TEXT_OPTIONS)).replace(/\s+/g, ' ').trim();
