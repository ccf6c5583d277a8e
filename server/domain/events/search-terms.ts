/**
 * A search's terms as WordPress reads `s` (WP_Query::parse_search, which TEC's event search goes
 * through): words split at spaces, tabs, commas and plus signs, a quoted phrase kept whole;
 * one-letter words and English stopwords left out; when nothing is left, or more than nine terms,
 * the whole text is one term. Measured on TEC 6.17.2: "Same time L" finds every "Same time …".
 * A term that starts with WordPress's exclusion prefix (`-violin`) leaves out what holds the
 * rest of it ("Same -violin": the events with "Same" and without "violin").
 */

/** WordPress's default stopwords (`get_search_stopwords`, en_US). */
const STOPWORDS = new Set(
  'about an are as at be by com for from how in is it of on or that the this to was what when where who will with www'.split(
    ' ',
  ),
);

/** WordPress's term pattern: a quoted phrase, or a run of anything but separators. */
const TERM = /".*?("|$)|((?<=[\t ",+])|^)[^\t ",+]+/g;

function trimChars(text: string, chars: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start]!)) start += 1;
  while (end > start && chars.includes(text[end - 1]!)) end -= 1;
  return text.slice(start, end);
}

function searchTerms(search: string): string[] {
  const text = search.replace(/[\r\n]/g, '');
  const terms = (text.match(TERM) ?? []).flatMap((raw) => {
    // A whole quoted phrase keeps its inner spaces; other terms lose quotes and spaces.
    const term = /^".+"$/.test(raw) ? trimChars(raw, `"'`) : trimChars(raw, `"' `);
    if (term === '' || /^[a-z-]$/i.test(term)) return [];
    return STOPWORDS.has(term.toLowerCase()) ? [] : [term];
  });
  return terms.length === 0 || terms.length > 9 ? [text] : terms;
}

/** The words a search looks for, and those it leaves out (WP_Query's `-` prefix). */
export function searchWords(search: string): { words: string[]; without: string[] } {
  const words: string[] = [];
  const without: string[] = [];
  for (const term of searchTerms(search)) {
    if (term.startsWith('-')) without.push(term.slice(1));
    else words.push(term);
  }
  return { words, without };
}
