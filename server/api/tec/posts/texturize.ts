/**
 * A post's title as WordPress shows it through `the_title` (TEC's events, venues and organizers
 * alike; terms' names are not): wptexturize's typographic quotes, apostrophes, primes, dashes,
 * ellipsis, ™ and ×, each as the numeric entity WordPress writes (`&#8217;`), and a lone `&` as
 * `&#038;`; then "Wordpress" spelt WordPress. The rules are WordPress 7.0's for the en_US
 * locale, checked against TEC 6.17.2's answers (texturize.test.ts). Titles hold no markup here
 * (renderTitle escapes `<` and `>`), so wptexturize's tag and shortcode splitting has nothing to
 * split.
 */

const APOS = '&#8217;';
const PRIME = '&#8242;';
const DOUBLE_PRIME = '&#8243;';
const OPEN_QUOTE = '&#8220;';
const CLOSE_QUOTE = '&#8221;';
const OPEN_SINGLE = '&#8216;';
const CLOSE_SINGLE = '&#8217;';
const EN_DASH = '&#8211;';
const EM_DASH = '&#8212;';

// Placeholders WordPress uses between its passes (HTML comments: no title text holds them).
const OPEN_Q_FLAG = '<!--oq-->';
const OPEN_SQ_FLAG = '<!--osq-->';
const APOS_FLAG = '<!--apos-->';
const PRIME_FLAG = '<!--wp-prime-or-quote-->';

/** wp_spaces_regexp: what counts as a space around quotes and dashes. */
const SPACES = '[\\r\\n\\t ]|\\u00A0|&nbsp;';

const COCKNEY = [
  "tain't",
  'twere',
  'twas',
  'tis',
  'twill',
  'til',
  'bout',
  'nuff',
  'round',
  'cause',
  'em',
];

/** Plain replacements first, in order: `...`, TeX quotes, ` (tm)`, then the elided words. */
const STATIC: [string, string][] = [
  ['...', '&#8230;'],
  ['``', OPEN_QUOTE],
  ["''", CLOSE_QUOTE],
  [' (tm)', ' &#8482;'],
  ...COCKNEY.map((word): [string, string] => [`'${word}`, `${APOS}${word.replace("'", APOS)}`]),
];

const rule = (pattern: string, replacement: string): [RegExp, string] => [
  new RegExp(pattern, 'g'),
  replacement,
];

const APOS_RULES = [
  // '99' and '99": an abbreviated year at the end of a quotation.
  rule(`'(\\d\\d)'(?=$|[.,:;!?)}\\-\\]]|&gt;|${SPACES})`, `${APOS_FLAG}$1${CLOSE_SINGLE}`),
  rule(`'(\\d\\d)"(?=$|[.,:;!?)}\\-\\]]|&gt;|${SPACES})`, `${APOS_FLAG}$1${CLOSE_QUOTE}`),
  // '99, '99s: an apostrophe, never in '9, '99%, '999 or '99.0.
  rule(`'(?=\\d\\d(?:$|(?![%\\d]|[.,]\\d)))`, APOS_FLAG),
  // '0.42': a quoted number.
  rule(`(?<=^|${SPACES})'(\\d[.,\\d]*)'`, `${OPEN_SQ_FLAG}$1${CLOSE_SINGLE}`),
  // An opening quote at the start, or after ( { < [ " - or a space.
  rule(`(?<=^|[([{"\\-]|&lt;|${SPACES})'`, OPEN_SQ_FLAG),
  // An apostrophe inside a word.
  rule(`(?<!${SPACES})'(?!$|[.,:;!?"'(){}[\\]\\-]|&[lg]t;|${SPACES})`, APOS_FLAG),
];

const QUOTE_RULES = [
  // "42": a quoted number.
  rule(`(?<=^|${SPACES})"(\\d[.,\\d]*)"`, `${OPEN_Q_FLAG}$1${CLOSE_QUOTE}`),
  // An opening quote at the start, or after ( { < [ - or a space, and before no space.
  rule(`(?<=^|[([{\\-]|&lt;|${SPACES})"(?!${SPACES})`, OPEN_Q_FLAG),
];

const DASH_RULES = [
  rule('---', EM_DASH),
  rule(`(?<=^|${SPACES})--(?=$|${SPACES})`, EM_DASH),
  rule('(?<!xn)--', EN_DASH),
  rule(`(?<=^|${SPACES})-(?=$|${SPACES})`, EN_DASH),
];

/** An `&` that does not already start an entity. */
const LONE_AMPERSAND = /&(?!#(?:\d+|x[a-f0-9]+);|[a-z1-4]{1,8};)/gi;

const applyAll = (text: string, rules: [RegExp, string][]) =>
  rules.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);

/**
 * wptexturize_primes: in each stretch after an opening quote, the quote character is a closing
 * quote where one can end a quotation, else a prime after a digit (9' 9").
 */
function primes(text: string, needle: string, prime: string, open: string, close: string): string {
  const quote = new RegExp(`${needle}(?=$|[.,:;!?)}\\-\\]]|&gt;|${SPACES})`, 'g');
  const afterDigit = new RegExp(`(?<=\\d)${needle}`, 'g');
  const flagAfterDigit = new RegExp(`(?<=\\d)${PRIME_FLAG}`, 'g');
  const flagNoDigit = new RegExp(`(?<!\\d)${PRIME_FLAG}`, 'g');
  return text
    .split(open)
    .map((sentence, index) => {
      if (!sentence.includes(needle)) return sentence;
      let out: string;
      if (index !== 0 && !sentence.includes(close)) {
        const candidates = sentence.match(quote)?.length ?? 0;
        out = sentence.replace(quote, PRIME_FLAG);
        if (candidates > 1) {
          // Several closing quotes may end here: the one after no digit, else the rightmost
          // before a period, else the rightmost.
          const noDigit = out.match(flagNoDigit)?.length ?? 0;
          out = out.replace(flagNoDigit, close);
          if (noDigit === 0) {
            const beforePeriod = out.lastIndexOf(`${PRIME_FLAG}.`);
            const at = beforePeriod >= 0 ? beforePeriod : out.lastIndexOf(PRIME_FLAG);
            out = out.slice(0, at) + close + out.slice(at + PRIME_FLAG.length);
          }
          out = out
            .replace(afterDigit, prime)
            .replace(flagAfterDigit, prime)
            .replaceAll(PRIME_FLAG, close);
        } else if (candidates === 1) {
          out = out.replaceAll(PRIME_FLAG, close).replace(afterDigit, prime);
        } else out = out.replace(afterDigit, prime);
      } else out = sentence.replace(afterDigit, prime).replace(quote, close);
      return needle === '"' ? out.replaceAll('"', close) : out;
    })
    .join(open);
}

/** wptexturize of text without markup. */
function texturize(text: string): string {
  if (text.trim() === '') return text;
  let out = STATIC.reduce((acc, [from, to]) => acc.replaceAll(from, to), text);
  if (out.includes("'")) {
    out = primes(applyAll(out, APOS_RULES), "'", PRIME, OPEN_SQ_FLAG, CLOSE_SINGLE)
      .replaceAll(APOS_FLAG, APOS)
      .replaceAll(OPEN_SQ_FLAG, OPEN_SINGLE);
  }
  if (out.includes('"')) {
    out = primes(
      applyAll(out, QUOTE_RULES),
      '"',
      DOUBLE_PRIME,
      OPEN_Q_FLAG,
      CLOSE_QUOTE,
    ).replaceAll(OPEN_Q_FLAG, OPEN_QUOTE);
  }
  if (out.includes('-')) out = applyAll(out, DASH_RULES);
  // 9x9 is a multiplication, but 0x9999 is not.
  if (/(?<=\d)x\d/.test(out))
    out = out.replace(/\b(0[\d.,]+|[1-9][\d.,]*)x(\d[\d.,]*)\b/g, '$1&#215;$2');
  return out.replace(LONE_AMPERSAND, '&#038;');
}

/**
 * What any rule here changes: a quote, a dash, an `&`, `...`, ` (tm)`, 9x9 or "Wordpress". Most
 * titles hold none, and skip the dozen passes (0.1 against 2 µs a title).
 */
const TOUCHED = /['"`&-]|\.\.\.| \(tm\)|\dx\d|Wordpress/;

/** `the_title`: wptexturize, then capital_P_dangit's one rule for titles, then trim. */
export function theTitle(text: string): string {
  if (!TOUCHED.test(text)) return text.trim();
  return texturize(text).replaceAll('Wordpress', 'WordPress').trim();
}
