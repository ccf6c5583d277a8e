/**
 * A VEVENT's texts and links as FileEvent fields (everything but times and identities), and the
 * property lines Marquee has no field for, kept as written so that exporting gives them back.
 * A field whose property the VEVENT lacks is left undefined: the import leaves it alone. Marquee's
 * own properties (ics-marquee.ts) say what the standard ones cannot: which CATEGORIES are tags,
 * the organizers after the first, the venue's address by parts.
 */
import type ICAL from 'ical.js';
import type { ImportNotes } from '../import-notes.ts';
import { whereOfVevent, type ScannedVevent } from './ics-scan-vevent.ts';
import { cleanHtml } from '../clean-html.ts';
import type { FileEvent, FileOrganizer, FileVenue } from '../file-records.ts';
import { locationOf } from './ics-details.ts';
import { nameOf } from './ics-read-lines.ts';
import { htmlToText } from './ics-text.ts';
import { MARQUEE, MARQUEE_PROPERTIES, partsOf } from './ics-marquee.ts';

type EventFields = Pick<
  FileEvent,
  | 'language'
  | 'title'
  | 'description'
  | 'excerpt'
  | 'status'
  | 'website'
  | 'image'
  | 'venue'
  | 'organizers'
  | 'categories'
  | 'tags'
  | 'untitled'
> & { sequence: number; extra: string[] };

/** Properties read into fields (or identities, times, recurrence): not kept in `extra`. */
const READ = new Set([
  ...['UID', 'SEQUENCE', 'DTSTAMP', 'CREATED', 'LAST-MODIFIED'],
  ...['DTSTART', 'DTEND', 'DURATION', 'SUMMARY', 'DESCRIPTION', 'LOCATION', 'ORGANIZER'],
  ...['CATEGORIES', 'URL', 'STATUS', 'CLASS', 'RRULE', 'RDATE', 'EXDATE', 'RECURRENCE-ID'],
  ...['X-ALT-DESC', ...MARQUEE_PROPERTIES.map((name) => name.toUpperCase())],
]);

/** Lines kept as written while scanning: the ones for `ical.extra` and `ical.recurrence`. */
export function isKeptAsWritten(name: string): boolean {
  return !READ.has(name) || name === 'RRULE' || name === 'RDATE' || name === 'EXDATE';
}

const IMAGE_FILE = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

function textOf(component: ICAL.Component, name: string): string | undefined {
  if (!component.hasProperty(name)) return undefined;
  const value: unknown = component.getFirstPropertyValue(name);
  return typeof value === 'string' ? value : '';
}

/** X-ALT-DESC's HTML cleaned to what the editor keeps (the links kept), else DESCRIPTION. */
function descriptionOf(component: ICAL.Component): string | undefined {
  const html = component
    .getAllProperties('x-alt-desc')
    .find((property) => String(property.getParameter('fmttype')).toLowerCase() === 'text/html');
  const cleaned = html ? cleanHtml(partsOf(html).join('')).trim() : '';
  return htmlToText(cleaned) ? cleaned : textOf(component, 'description');
}

/**
 * "Hall, 1 Main St, Springfield": the name before the first comma, the address after it. Apple
 * puts a line break there instead, and Meetup writes "Hall (1 Main St, Springfield)".
 */
function venueOfLocation(location: string): FileVenue | null {
  const text = location.trim();
  const meetup = /^([^(,\n]+?)\s*\(([^()]*)\)$/.exec(text);
  const at = text.search(/[,\n]/);
  const [name, address] = meetup
    ? [meetup[1] ?? '', meetup[2] ?? '']
    : at === -1
      ? [text, '']
      : [text.slice(0, at), text.slice(at + 1)];
  if (!name.trim()) return null;
  return { name: name.trim(), address: address.trim().replace(/\s*\n\s*/g, ', ') };
}

/**
 * The venue by its parts (X-MARQUEE-VENUE) while the LOCATION still is what they make, else
 * as LOCATION reads; undefined when the VEVENT names none.
 */
function venueOf(component: ICAL.Component): FileVenue | null | undefined {
  const location = textOf(component, 'location');
  const marquee = component.getFirstProperty(MARQUEE.venue);
  const parts = marquee ? partsOf(marquee, ';').map((part) => part.trim()) : [];
  const [name = '', address = '', city = '', province = '', zip = '', country = ''] = parts;
  if (name && (location === undefined || location.trim() === locationOf(parts)))
    return { name, address, city, province, zip, country };
  return location === undefined ? undefined : venueOfLocation(location);
}

/** ORGANIZER, then X-MARQUEE-ORGANIZER: the organizers in order; undefined when none. */
function organizersOf(component: ICAL.Component): FileOrganizer[] | undefined {
  const properties = [
    ...component.getAllProperties('organizer'),
    ...component.getAllProperties(MARQUEE.organizer),
  ];
  if (properties.length === 0) return undefined;
  return properties.flatMap((property) => {
    const value = String(property.getFirstValue() ?? '').trim();
    const email = /^mailto:/i.test(value) ? value.slice('mailto:'.length).trim() : undefined;
    const cn = property.getParameter('cn');
    const name = (typeof cn === 'string' ? cn.trim() : '') || email || value;
    if (!name) return [];
    return [email ? { name, email } : { name }];
  });
}

/**
 * CATEGORIES without the names X-MARQUEE-TAGS lists (each taken out once: a category and a tag
 * may share a name), and those as tags. Undefined where the VEVENT has no such property.
 */
function termsOf(component: ICAL.Component): Pick<EventFields, 'categories' | 'tags'> {
  const names = component
    .getAllProperties('categories')
    .flatMap((property) => property.getValues() as unknown[])
    .map((value) => String(value).trim())
    .filter(Boolean);
  const marked = component.getAllProperties(MARQUEE.tags);
  const tags = marked.flatMap((property) => partsOf(property, ',')).map((tag) => tag.trim());
  for (const tag of tags) {
    const at = names.indexOf(tag);
    if (at !== -1) names.splice(at, 1);
  }
  return {
    ...(component.hasProperty('categories') ? { categories: [...new Set(names)] } : {}),
    ...(marked.length > 0 ? { tags: [...new Set(tags.filter(Boolean))] } : {}),
  };
}

/** The index (among ATTACH properties) and URL of the first image. */
function imageOf(component: ICAL.Component): { index: number; url: string } | undefined {
  const attachments = component.getAllProperties('attach');
  for (const [index, property] of attachments.entries()) {
    const value: unknown = property.getFirstValue();
    // Embedded (BASE64) images have no URL to keep: they stay in `extra`.
    if (typeof value !== 'string' || property.type === 'binary') continue;
    const type = property.getParameter('fmttype');
    const path = value.split(/[?#]/)[0] ?? '';
    if ((typeof type === 'string' && /^image\//i.test(type)) || IMAGE_FILE.test(path))
      return { index, url: value };
  }
  return undefined;
}

function extraOf(properties: string[], imageIndex: number | undefined): string[] {
  let attachments = 0;
  return properties.filter((line) => {
    const name = nameOf(line);
    if (name === 'ATTACH') return attachments++ !== imageIndex;
    return !READ.has(name);
  });
}

/** A URL an event's website can be: a web page's. */
const WEB_ADDRESS = /^https?:\/\//i;

/**
 * `properties`: the VEVENT's own content lines as written, unfolded. `urlKept` is told of a URL
 * that is no web page's (`ftp:`, `file:`, a bare host): it is kept at the end of the
 * description, where nothing is lost and nobody follows it as the event's website.
 */
export function fieldsOf(
  component: ICAL.Component,
  properties: string[],
  urlKept?: (url: string) => void,
): EventFields {
  const status = textOf(component, 'status')?.toUpperCase();
  const privacy = textOf(component, 'class')?.toUpperCase();
  const url = component.getFirstProperty('url');
  // A URL Marquee marked as the event's public page is not its website.
  const linked = url?.getParameter(MARQUEE.page) ? '' : textOf(component, 'url')?.trim();
  const website = linked && WEB_ADDRESS.test(linked) ? linked : undefined;
  const image = imageOf(component);
  const sequence = Number(component.getFirstPropertyValue('sequence') ?? 0);
  const written = descriptionOf(component);
  const otherUrl = linked && !website ? linked : undefined;
  if (otherUrl) urlKept?.(otherUrl);
  const description = otherUrl ? [written, otherUrl].filter(Boolean).join('\n\n') : written;
  const venue = venueOf(component);
  const organizers = organizersOf(component);
  const title = textOf(component, 'summary') ?? '';
  return {
    language: null,
    title,
    // Without a SUMMARY (or with a blank one) the import gives it "(untitled)" and says so.
    ...(title.trim() ? {} : { untitled: true }),
    ...(description === undefined ? {} : { description }),
    ...(status === 'CANCELLED'
      ? { status: 'draft' as const }
      : privacy === 'PRIVATE'
        ? { status: 'private' as const }
        : {}),
    ...(website ? { website } : {}),
    ...(image ? { image: image.url } : {}),
    ...(venue === undefined ? {} : { venue }),
    ...(organizers ? { organizers } : {}),
    ...termsOf(component),
    sequence: Number.isInteger(sequence) ? sequence : 0,
    extra: extraOf(properties, image?.index),
  };
}

/** fieldsOf's `urlKept` for a VEVENT: a note on its line, once per VEVENT. */
export function urlNote(notes: ImportNotes, vevent: ScannedVevent) {
  return (url: string) =>
    notes.add(
      {
        line: vevent.line,
        where: whereOfVevent(vevent),
        key: 'urlKept',
        params: { url },
        message: `URL "${url}" is no web page's address: kept at the end of the description`,
      },
      `url ${vevent.line}`,
    );
}
