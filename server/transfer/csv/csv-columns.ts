/**
 * Which of TEC's importer columns (shared/tec/csv-columns.ts) a file's header names. A header is
 * matched by key, by label, or by the slug TEC's UI makes of a header (lowercase, spaces to
 * "_", anything outside [a-z0-9_] dropped), so files made for TEC import here. TEC's own test
 * files also write headers without the kind's word and in the plural ("START DATE", "ALL DAY
 * EVENT?", "CATEGORIES", "VENUE NAME" in an events file): those match too. A header matched
 * by nothing can be mapped by the one importing it (`CsvColumnChoices`), as in TEC's importer,
 * where every column is chosen by hand.
 */
import { CSV_COLUMNS, type CsvKind } from '#shared/tec/csv-columns.ts';

/** Header → column key, or "" to leave the column out; a header named here is not guessed. */
export type CsvColumnChoices = Readonly<Record<string, string>>;

const PREFIX: Record<CsvKind, string> = {
  events: 'event_',
  venues: 'venue_',
  organizers: 'organizer_',
};

/** TEC's header slug: lowercase, trimmed, spaces to "_", only [a-z0-9_] kept. */
function headerSlug(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_')
    .replace(/[^a-z0-9_]/g, '');
}

/** "categories" → "category", "tags" → "tag": TEC's files name some columns in the plural. */
function singular(slug: string): string {
  if (slug.endsWith('ies')) return `${slug.slice(0, -3)}y`;
  return slug.endsWith('s') && !slug.endsWith('ss') ? slug.slice(0, -1) : slug;
}

/** Each key of a kind by the slugs that name it: its own, and its label's. */
const SLUGS = Object.fromEntries(
  Object.entries(CSV_COLUMNS).map(([kind, columns]) => {
    const bySlug = new Map<string, string>();
    for (const [key, label] of Object.entries(columns)) {
      bySlug.set(key, key);
      bySlug.set(headerSlug(label), key);
    }
    return [kind, bySlug];
  }),
) as Record<CsvKind, Map<string, string>>;

/**
 * The column key a header names for a kind, if any, and whether it names it outright (by key
 * or label) rather than without the kind's word or in the plural.
 */
function columnMatch(kind: CsvKind, header: string): { key: string; exact: boolean } | undefined {
  const slugs = SLUGS[kind];
  const slug = headerSlug(header);
  const prefix = PREFIX[kind];
  const candidates = [slug, `${prefix}${slug}`, singular(slug), `${prefix}${singular(slug)}`];
  for (const [index, candidate] of candidates.entries()) {
    const key = slugs.get(candidate);
    if (key) return { key, exact: index === 0 };
  }
  return undefined;
}

/** The column key a header names for a kind, if any; the closest reading first. */
export const columnOf = (kind: CsvKind, header: string) => columnMatch(kind, header)?.key;

/** Whether `key` is a column of a kind's files. */
export const isColumnOf = (kind: CsvKind, key: string) => Object.hasOwn(CSV_COLUMNS[kind], key);

/** The column a header is read as: the one chosen for it, else the one its name says. */
export function headerColumn(
  kind: CsvKind,
  header: string,
  choices: CsvColumnChoices,
): string | undefined {
  const chosen = choices[header.trim()];
  if (chosen !== undefined) return chosen && isColumnOf(kind, chosen) ? chosen : undefined;
  return columnOf(kind, header);
}

/**
 * Which kind of records a file holds, from its headers (and the columns chosen for them): the
 * kind with the most columns named outright, then with the most known columns, besides uuid
 * and language ("Organizer Name" is an organizer file's own column, and an event file's only
 * without its word).
 */
export function kindOfHeaders(
  headers: readonly string[],
  choices: CsvColumnChoices = {},
): CsvKind | undefined {
  const kinds: CsvKind[] = ['events', 'venues', 'organizers'];
  const scored = kinds.map((kind) => {
    let exact = 0;
    let known = 0;
    for (const header of headers) {
      const chosen = Object.hasOwn(choices, header.trim());
      const key = headerColumn(kind, header, choices);
      if (key === undefined || key === 'uuid' || key === 'language') continue;
      known += 1;
      if (chosen || columnMatch(kind, header)?.exact) exact += 1;
    }
    return { kind, exact, known };
  });
  const best = scored.sort((a, b) => b.exact - a.exact || b.known - a.known)[0];
  return best && best.known > 0 ? best.kind : undefined;
}
