/**
 * Field-by-field differences between two normalized answers. A record's publication and
 * modification times are "now" on each side, which are never the same instant: they count as
 * the same within two minutes of each other (a date a request sets is compared exactly, since
 * it is then the same).
 */
export type FieldDifference = { where: string; site: unknown; marquee: unknown };

// `default`: the index's end_date default is "now + 24 months" on each side.
// wp/v2 writes them `T`-separated, its UTC ones as `date_gmt` and `modified_gmt`.
const NOW_KEYS = new Set([
  'date',
  'date_utc',
  'date_gmt',
  'modified',
  'modified_utc',
  'modified_gmt',
  'default',
]);
const DATE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}$/;
const CLOSE_MS = 120_000;

/** `undefined` marks a key one side does not have. */
const ABSENT = undefined;

function closeTimes(site: unknown, marquee: unknown): boolean {
  if (typeof site !== 'string' || typeof marquee !== 'string') return false;
  if (!DATE.test(site) || !DATE.test(marquee)) return false;
  const gap =
    Date.parse(`${site.replace(' ', 'T')}Z`) - Date.parse(`${marquee.replace(' ', 'T')}Z`);
  return Math.abs(gap) <= CLOSE_MS;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The ids of a list of records (named by the IdMap), or undefined when it is not one. */
function idsOf(list: unknown[]): unknown[] | undefined {
  if (list.length === 0) return undefined;
  const ids = list.map((item) => (isObject(item) ? item.id : undefined));
  return ids.every((id) => typeof id === 'string' || typeof id === 'number') ? ids : undefined;
}

/**
 * Two lists of records are compared record by record, paired by id: one record missing, or
 * another order, is one difference (the ids in order), not one per field of every record after it.
 */
function recordLists(
  site: unknown[],
  marquee: unknown[],
  where: string,
): FieldDifference[] | undefined {
  const a = idsOf(site);
  const b = idsOf(marquee);
  if (!a || !b) return undefined;
  const found: FieldDifference[] = [];
  if (a.join('\u0000') !== b.join('\u0000'))
    found.push({ where: `${where}#ids`, site: a, marquee: b });
  for (const [index, id] of a.entries()) {
    const other = b.indexOf(id);
    if (other >= 0) found.push(...differences(site[index], marquee[other], `${where}[${index}]`));
  }
  return found;
}

export function differences(site: unknown, marquee: unknown, where = 'body'): FieldDifference[] {
  if (Array.isArray(site) && Array.isArray(marquee)) {
    const byId = recordLists(site, marquee, where);
    if (byId) return byId;
    const found: FieldDifference[] = [];
    for (let at = 0; at < Math.max(site.length, marquee.length); at++) {
      if (at >= site.length)
        found.push({ where: `${where}[${at}]`, site: ABSENT, marquee: marquee[at] });
      else if (at >= marquee.length)
        found.push({ where: `${where}[${at}]`, site: site[at], marquee: ABSENT });
      else found.push(...differences(site[at], marquee[at], `${where}[${at}]`));
    }
    return found;
  }
  if (isObject(site) && isObject(marquee)) {
    const found: FieldDifference[] = [];
    const keys = new Set([...Object.keys(site), ...Object.keys(marquee)]);
    for (const key of keys) {
      const path = `${where}.${key}`;
      if (!(key in marquee)) found.push({ where: path, site: site[key], marquee: ABSENT });
      else if (!(key in site)) found.push({ where: path, site: ABSENT, marquee: marquee[key] });
      else if (NOW_KEYS.has(key) && closeTimes(site[key], marquee[key])) continue;
      else found.push(...differences(site[key], marquee[key], path));
    }
    return found;
  }
  if (Object.is(site, marquee)) return [];
  return [{ where, site, marquee }];
}
