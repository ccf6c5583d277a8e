/**
 * TEC's records as views (../website/remote.ts) and views as TEC bodies. A view holds what an editor
 * wrote: the raw texts core keeps (TEC answers them rendered: wpautop, curly quotes), the cost
 * and website as entered (TEC's meta; TEC's answer formats the one and falls back to the event's
 * own page for the other), names unescaped (WordPress stores `&` in a term's name as `&amp;`)
 * and escaped again in a body.
 * A body is whole: a TEC event update resets every field it leaves out and moves the
 * publication date to now unless it is sent; venues' map flags go as strings, as TEC takes them.
 */
import { decodeHTML } from 'entities';
import { EVENT_FLAGS, flagEntries } from '#shared/kinds/event-flags.ts';
import { VENUE_FLAGS, venueFlagEntries } from '#shared/kinds/venue-flags.ts';
import type { Kind } from '#shared/kinds/registry.ts';
import { untrashedSlug } from '#shared/text/trashed-slug.ts';
import type { View } from '../website/remote.ts';
import {
  NO_DATE,
  type CorePostWire,
  type TecEventWire,
  type TecOrganizerWire,
  type TecTermWire,
  type TecVenueWire,
} from './tec-wire.ts';

/**
 * What a TEC site keeps of every post beside its name (no excerpt for venues and organizers); a
 * post's password protects its page.
 */
const SITE_POST_FIELDS = ['description', 'slug', 'status', 'password'] as const;

/** The fields of each kind a TEC site carries (record field names). */
export const TEC_FIELDS: Readonly<Record<Kind, readonly string[]>> = {
  event: [
    'title',
    'excerpt',
    ...SITE_POST_FIELDS,
    'date',
    'start',
    'end',
    'timezone',
    'allDay',
    'cost',
    'website',
    ...EVENT_FLAGS.map((flag) => flag.field),
    'venueUuid',
    'organizerUuids',
    'categoryUuids',
    'tagUuids',
  ],
  venue: [
    'name',
    ...SITE_POST_FIELDS,
    'address',
    'city',
    'country',
    'province',
    'state',
    'zip',
    'phone',
    'stateprovince',
    'website',
    ...VENUE_FLAGS.map((flag) => flag.field),
  ],
  organizer: ['name', ...SITE_POST_FIELDS, 'phone', 'website', 'email'],
  category: ['name', 'description', 'slug', 'parentUuid'],
  tag: ['name', 'description', 'slug'],
};

/** Statuses whose publication date WordPress keeps (a draft's moves with every save). */
const DATED = new Set(['publish', 'future', 'private']);

function meta(raw: CorePostWire | undefined, key: string): string | undefined {
  const value = raw?.meta && !Array.isArray(raw.meta) ? raw.meta[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

const plain = (text: string) => decodeHTML(text);

/**
 * A name as the HTML a title is on the site: Marquee keeps names as text (every exit escapes
 * them), and a view's name is the text the site's HTML reads as (`plain`), so what was escaped
 * there goes back escaped, never as markup (a `&lt;script&gt;` an editor wrote stays text).
 */
const html = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');

function postTexts(raw: CorePostWire | undefined, wire: { slug: string; status: string }) {
  return {
    description: raw?.content?.raw ?? '',
    slug: untrashedSlug(wire.slug),
    status: wire.status,
    password: raw?.password ?? '',
  };
}

export function eventView(wire: TecEventWire, raw: CorePostWire | undefined): View {
  const venue = Array.isArray(wire.venue) || !wire.venue ? null : String(wire.venue.id);
  // Without TEC's meta (a classic theme) the website is what TEC answers, unless that is only
  // the event's own page, which TEC answers when no website was given.
  const website = meta(raw, '_EventURL') ?? (wire.website === wire.url ? '' : wire.website);
  return {
    title: plain(raw?.title?.raw ?? ''),
    excerpt: raw?.excerpt?.raw ?? '',
    ...postTexts(raw, wire),
    date: DATED.has(wire.status) && wire.date_utc !== NO_DATE ? wire.date_utc : null,
    start: wire.start_date,
    end: wire.end_date,
    timezone: wire.timezone,
    allDay: wire.all_day,
    cost: meta(raw, '_EventCost') ?? wire.cost,
    website,
    ...flagEntries('field', (flag) => wire[flag.tec]),
    venueUuid: venue,
    organizerUuids: wire.organizer.map((organizer) => String(organizer.id)),
    categoryUuids: wire.categories.map((term) => String(term.id)),
    tagUuids: wire.tags.map((term) => String(term.id)),
  };
}

const text = (view: View, field: string): string => {
  const value = view[field];
  return typeof value === 'string' ? value : '';
};

const ids = (view: View, field: string): number[] => ((view[field] ?? []) as string[]).map(Number);

/**
 * The whole event as a TEC body. `view.status` is never the trash here (the trash is a DELETE).
 * TEC refuses an empty description or excerpt, and keeps the old one when they are left out:
 * tec-writes.ts empties them through core.
 */
export function eventBody(view: View): Record<string, unknown> {
  const slug = text(view, 'slug');
  const status = text(view, 'status');
  const date = view.date;
  const description = text(view, 'description');
  const excerpt = text(view, 'excerpt');
  return {
    title: html(text(view, 'title')),
    ...(description ? { description } : {}),
    ...(excerpt ? { excerpt } : {}),
    ...(slug ? { slug } : {}),
    status,
    ...(DATED.has(status) && typeof date === 'string' ? { date_utc: date } : {}),
    start_date: text(view, 'start'),
    end_date: text(view, 'end'),
    timezone: text(view, 'timezone'),
    all_day: view.allDay === true,
    cost: text(view, 'cost'),
    website: text(view, 'website'),
    ...flagEntries('tec', (flag) => view[flag.field] === true),
    ...(view.venueUuid ? { venue: Number(view.venueUuid) } : {}),
    organizer: ids(view, 'organizerUuids'),
    categories: ids(view, 'categoryUuids'),
    tags: ids(view, 'tagUuids'),
  };
}

export function venueView(wire: TecVenueWire, raw: CorePostWire | undefined): View {
  return {
    name: plain(raw?.title?.raw ?? ''),
    ...postTexts(raw, wire),
    address: wire.address,
    city: wire.city,
    country: wire.country,
    province: wire.province,
    state: wire.state,
    zip: wire.zip,
    phone: wire.phone,
    stateprovince: wire.stateprovince,
    website: wire.website,
    ...venueFlagEntries('field', (flag) => wire[flag.tec]),
  };
}

const VENUE_TEXTS = ['address', 'city', 'country', 'province', 'state', 'zip', 'phone'] as const;

export function venueBody(view: View): Record<string, unknown> {
  const slug = text(view, 'slug');
  return {
    venue: html(text(view, 'name')),
    description: text(view, 'description'),
    ...(slug ? { slug } : {}),
    status: text(view, 'status'),
    ...Object.fromEntries(VENUE_TEXTS.map((field) => [field, text(view, field)])),
    stateprovince: text(view, 'stateprovince'),
    website: text(view, 'website'),
    ...venueFlagEntries('tec', (flag) => String(view[flag.field] === true)),
  };
}

export function organizerView(wire: TecOrganizerWire, raw: CorePostWire | undefined): View {
  return {
    name: plain(raw?.title?.raw ?? ''),
    ...postTexts(raw, wire),
    phone: wire.phone,
    website: wire.website,
    email: wire.email,
  };
}

export function organizerBody(view: View): Record<string, unknown> {
  const slug = text(view, 'slug');
  return {
    organizer: html(text(view, 'name')),
    description: text(view, 'description'),
    ...(slug ? { slug } : {}),
    status: text(view, 'status'),
    phone: text(view, 'phone'),
    website: text(view, 'website'),
    email: text(view, 'email'),
  };
}

export function termView(kind: 'category' | 'tag', wire: TecTermWire): View {
  return {
    name: plain(wire.name),
    description: wire.description,
    slug: wire.slug,
    ...(kind === 'category' ? { parentUuid: wire.parent ? String(wire.parent) : null } : {}),
  };
}

/** A term as core's body (TEC's term routes refuse an empty description, core's take it). */
export function termBody(kind: 'category' | 'tag', view: View): Record<string, unknown> {
  const slug = text(view, 'slug');
  return {
    name: html(text(view, 'name')),
    description: text(view, 'description'),
    ...(slug ? { slug } : {}),
    ...(kind === 'category' ? { parent: Number(view.parentUuid ?? 0) } : {}),
  };
}
