/**
 * A VEVENT's texts and links as FileEvent fields (everything but times and identities), and the
 * property lines Marquee has no field for, kept as written so that exporting gives them back.
 */
import type ICAL from 'ical.js';
import type { FileEvent, FileOrganizer, FileVenue } from '../file-records.ts';
import { nameOf } from './ics-read-lines.ts';

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
> & { sequence: number; extra: string[] };

/** Properties read into fields (or identities, times, recurrence): not kept in `extra`. */
const READ = new Set([
  ...['UID', 'SEQUENCE', 'DTSTAMP', 'CREATED', 'LAST-MODIFIED'],
  ...['DTSTART', 'DTEND', 'DURATION', 'SUMMARY', 'DESCRIPTION', 'LOCATION', 'ORGANIZER'],
  ...['CATEGORIES', 'URL', 'STATUS', 'CLASS', 'RRULE', 'RDATE', 'EXDATE', 'RECURRENCE-ID'],
]);

/** Lines kept as written while scanning: the ones for `ical.extra` and `ical.recurrence`. */
export function isKeptAsWritten(name: string): boolean {
  return !READ.has(name) || name === 'RRULE' || name === 'RDATE' || name === 'EXDATE';
}

const IMAGE_FILE = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

function textOf(component: ICAL.Component, name: string): string {
  const value: unknown = component.getFirstPropertyValue(name);
  return typeof value === 'string' ? value : '';
}

/**
 * "Hall, 1 Main St, Springfield": the name before the first comma, the address after it. Apple
 * puts a line break there instead, and Meetup writes "Hall (1 Main St, Springfield)".
 */
function venueOf(location: string): FileVenue | null {
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

function organizersOf(component: ICAL.Component): FileOrganizer[] {
  return component.getAllProperties('organizer').flatMap((property) => {
    const value = String(property.getFirstValue() ?? '').trim();
    const email = /^mailto:/i.test(value) ? value.slice('mailto:'.length).trim() : undefined;
    const cn = property.getParameter('cn');
    const name = (typeof cn === 'string' ? cn.trim() : '') || email || value;
    if (!name) return [];
    return [email ? { name, email } : { name }];
  });
}

function categoriesOf(component: ICAL.Component): string[] {
  const names = component
    .getAllProperties('categories')
    .flatMap((property) => property.getValues() as unknown[])
    .map((value) => String(value).trim())
    .filter(Boolean);
  return [...new Set(names)];
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

/** `properties`: the VEVENT's own content lines as written, unfolded. */
export function fieldsOf(component: ICAL.Component, properties: string[]): EventFields {
  const status = textOf(component, 'status').toUpperCase();
  const privacy = textOf(component, 'class').toUpperCase();
  const website = textOf(component, 'url').trim();
  const image = imageOf(component);
  const sequence = Number(component.getFirstPropertyValue('sequence') ?? 0);
  return {
    language: null,
    title: textOf(component, 'summary'),
    description: textOf(component, 'description'),
    excerpt: '',
    ...(status === 'CANCELLED'
      ? { status: 'draft' as const }
      : privacy === 'PRIVATE'
        ? { status: 'private' as const }
        : {}),
    ...(website ? { website } : {}),
    ...(image ? { image: image.url } : {}),
    venue: venueOf(textOf(component, 'location')),
    organizers: organizersOf(component),
    categories: categoriesOf(component),
    tags: [],
    sequence: Number.isInteger(sequence) ? sequence : 0,
    extra: extraOf(properties, image?.index),
  };
}
