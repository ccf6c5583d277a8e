/**
 * A short description of an event for a printed programme: its excerpt, else its description,
 * as plain text (the HTML both are kept as), cut at a word.
 */
/** The most of a description a programme prints under an event. */
const SHORT_LENGTH = 200;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Sanitized HTML (an excerpt, a description) as plain text, its paragraphs as lines. */
function plainText(html: string): string {
  return html
    .replace(/<\s*(br|\/p|\/li|\/h\d|\/div)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : entity;
    })
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * A short description of an event for the programme: its excerpt, else its description, as
 * plain text, cut at a word after about {@link SHORT_LENGTH} characters.
 */
export function shortDescription(excerpt: string | undefined, description: string | undefined) {
  const text = plainText(excerpt?.trim() ? excerpt : (description ?? '')).replace(/\n/g, ' ');
  if (text.length <= SHORT_LENGTH) return text;
  const cut = text.slice(0, SHORT_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > SHORT_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
