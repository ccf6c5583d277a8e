/**
 * Content lines (RFC 5545 §3.1): folding to 75 octets and checking the raw lines an import kept.
 * ical.js folds its own output, but its continuation lines reach 76 octets (75 plus the leading
 * space), so properties are serialized unfolded and folded here.
 */

const CRLF = '\r\n';

const MAX_OCTETS = 75;

function utf8Octets(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

/**
 * Folds one unfolded line: no line over 75 octets counting a continuation's leading space, and
 * never inside a character (a UTF-8 sequence or a surrogate pair).
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line) <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const character of line) {
    const size = utf8Octets(character.codePointAt(0) ?? 0);
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** Lines as one chunk of the file: each folded and ended by CRLF. */
export function toChunk(lines: readonly string[]): string {
  return lines.map((line) => foldLine(line) + CRLF).join('');
}

const PROPERTY_NAME = /^([A-Za-z0-9-]+)[;:]/;
// Controls other than HTAB cannot appear in a content line; CR or LF would split it.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/** The lower-case property name of a raw content line, or undefined when it is not one. */
export function propertyName(line: string): string | undefined {
  if (CONTROL.test(line) || !line.includes(':')) return undefined;
  return PROPERTY_NAME.exec(line)?.[1]?.toLowerCase();
}

/**
 * Raw lines kept from an import that are safe to write back: content lines that open or close
 * no component and do not repeat a property the event already has once (`skip`).
 */
export function keptLines(lines: readonly string[], skip: ReadonlySet<string>): string[] {
  return lines.filter((line) => {
    const name = propertyName(line);
    return name !== undefined && name !== 'begin' && name !== 'end' && !skip.has(name);
  });
}
