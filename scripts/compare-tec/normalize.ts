/**
 * An answer as both sides can be compared: the side's address becomes `http://HOST` (the site's
 * public pages too: Marquee's URL patterns name the site), and every record id, in a field or in
 * a URL, becomes the name the IdMap gives the pair (`e1`); an id it does not know stays visible
 * as `?post:12` so an answer naming another record shows as a difference.
 */
import type { IdKind, IdMap, Side } from './id-map.ts';

export type Origins = { site: string; marquee: string };

/** Keys whose number is a term id wherever they are. */
const TERM_ID_KEYS = new Set(['term_taxonomy_id', 'parent']);
/** Keys under which objects are terms. */
const TERM_LISTS = new Set(['categories', 'tags']);
/** URL path segments followed by a record id. */
const ROUTE_ID =
  /\/(events|venues|organizers|series|categories|tags|tribe_events|tribe_venue|tribe_organizer|tribe_events_cat)\/(\d+)(?=[/?#"]|$)/g;
/** wp/v2's lists of ids: an event's terms, and the venue and organizers in its meta. */
const ID_LISTS: Readonly<Record<string, IdKind>> = {
  tags: 'term',
  tribe_events_cat: 'term',
  _EventVenueID: 'post',
  _EventOrganizerID: 'post',
};
/** Query parameters whose values are ids (or slugs, which stay). */
const ID_PARAMS =
  /([?&](?:categories|tags|tribe_events_cat|venue|organizer|include|exclude|post_parent|event|parent|post)(?:%5B%5D|\[\])?=)([^&#\s>"]*)/g;
const TERM_ROUTE = /\/(categories|tags|tribe_events_cat)(\/|\?|$)/;
const TERM_PARAMS = new Set(['categories', 'tags', 'tribe_events_cat', 'parent']);

export class Normalizer {
  private readonly ids: IdMap;
  private readonly origins: Origins;
  constructor(ids: IdMap, origins: Origins) {
    this.ids = ids;
    this.origins = origins;
  }

  private label(side: Side, kind: IdKind, id: number): string {
    if (id <= 0) return String(id);
    return this.ids.name(side, kind, id) ?? `?${kind}:${id}`;
  }

  /** A string with this side's hosts and the ids in its URLs named. */
  text(side: Side, value: string): string {
    const origin = new URL(this.origins[side]);
    const site = new URL(this.origins.site);
    let text = value
      .replaceAll(this.origins[side], 'http://HOST')
      .replaceAll(this.origins.site, 'http://HOST')
      .replaceAll(origin.host, 'HOST:PORT')
      .replaceAll(site.host, 'HOST:PORT')
      // global_id is the host without a port on the site.
      .replaceAll(`${origin.hostname}?id=`, 'HOST?id=');
    if (!text.includes('HOST')) return text;
    text = text.replace(/HOST(:PORT)?\?id=(\d+)/g, (_, port: string | undefined, id: string) => {
      return `HOST${port ?? ''}?id=${this.label(side, 'post', Number(id))}`;
    });
    text = text.replace(ROUTE_ID, (_, route: string, id: string) => {
      const kind: IdKind = TERM_ROUTE.test(`/${route}/`) ? 'term' : 'post';
      return `/${route}/${this.label(side, kind, Number(id))}`;
    });
    const named = text;
    return named.replace(ID_PARAMS, (_, key: string, values: string, at: number) => {
      const name = key.replace(/^[?&]/, '').replace(/(%5B%5D|\[\])?=$/, '');
      const before = named.slice(0, at);
      const termRoute = TERM_ROUTE.test(before.slice(before.lastIndexOf('http')));
      // wp/v2's media link names its post as `parent`.
      const media = before.endsWith('/media');
      const kind: IdKind =
        (TERM_PARAMS.has(name) && !media) ||
        (termRoute && (name === 'include' || name === 'exclude'))
          ? 'term'
          : 'post';
      const ids = values
        .split(/(,|%2C)/i)
        .map((part) => (/^\d+$/.test(part) ? this.label(side, kind, Number(part)) : part))
        .join('');
      return `${key}${ids}`;
    });
  }

  /** The whole answer body, recursively. `term`: the value is a term or terms. */
  value(side: Side, value: unknown, term = false): unknown {
    if (typeof value === 'string') return this.text(side, value);
    if (Array.isArray(value)) return value.map((item) => this.value(side, item, term));
    if (!value || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    const isTerm = term || 'taxonomy' in record;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(record)) {
      if (typeof field === 'number' && Number.isInteger(field)) {
        // wp/v2's users are the same users on both sides (admin 1, editor1 2…).
        if (key === 'id' && 'avatar_urls' in record) {
          out[key] = field;
          continue;
        }
        if (key === 'id' || key === 'post_parent') {
          out[key] = this.label(side, key === 'id' && isTerm ? 'term' : 'post', field);
          continue;
        }
        // WordPress counts term_taxonomy_id apart from term ids: they part once an insert fails
        // halfway (as TEC's duplicate terms do, at an order concurrent scenarios decide), so the
        // site's is compared as the term's own id, which Marquee's always is.
        if (key === 'term_taxonomy_id' && isTerm && typeof record.id === 'number') {
          out[key] = this.label(side, 'term', record.id);
          continue;
        }
        // A term named again: WordPress's term_exists error names the term that has the name.
        if (key === 'term_id') {
          out[key] = this.label(side, 'term', field);
          continue;
        }
        if (TERM_ID_KEYS.has(key) && isTerm) {
          out[key] = this.label(side, 'term', field);
          continue;
        }
      }
      if (key in ID_LISTS && Array.isArray(field) && field.every(Number.isInteger)) {
        out[key] = (field as number[]).map((id) => this.label(side, ID_LISTS[key]!, id));
        continue;
      }
      // wp/v2's class_list names the post (`post-12`) and numeric-slugged terms by id.
      if (key === 'class_list' && Array.isArray(field)) {
        out[key] = field.map((name: unknown) =>
          typeof name === 'string'
            ? name.replace(
                /^post-(\d+)$/,
                (_, id: string) => `post-${this.label(side, 'post', Number(id))}`,
              )
            : name,
        );
        continue;
      }
      // TEC writes an email's characters as entities at random (antispambot): compared decoded.
      if (key === 'email' && typeof field === 'string') {
        out[key] = decodeNumericEntities(field);
        continue;
      }
      // …and its additional_data, [term id, term_taxonomy_id]: the term twice, as above.
      if (key === 'additional_data' && record.code === 'term_exists' && Array.isArray(field)) {
        out[key] = field.map((id: unknown) =>
          typeof id === 'number' ? this.label(side, 'term', id) : id,
        );
        continue;
      }
      out[key] = this.value(side, field, TERM_LISTS.has(key));
    }
    return out;
  }
}

function decodeNumericEntities(text: string): string {
  return text.replace(/&#(x[0-9a-f]+|\d+);/gi, (_, code: string) =>
    String.fromCodePoint(
      code[0] === 'x' || code[0] === 'X' ? parseInt(code.slice(1), 16) : Number(code),
    ),
  );
}
