/**
 * Pieces of TEC's record shapes shared by events, venues and organizers: rendered texts,
 * dates, public URLs, global ids, images, and the pick of each translatable field.
 */
import { type PostKind } from '#shared/kinds/registry.ts';
import { autop } from '@wordpress/autop';
import { pickTranslation, translatedLanguages } from '#shared/schemas/multilingual.ts';
import type { Language } from '#shared/languages.ts';
import { utcToZone } from '#shared/time/datetime.ts';
import { theTitle } from './texturize.ts';
import type { WireContext } from '../../../http/wire-context.ts';
import type { PostTexts } from '../../../store/post-records.repo.ts';

/** Titles and names are HTML-escaped as WordPress stores and shows them; quotes are left alone. */
export function renderTitle(text: string): string {
  return text
    .replace(/&(?!#?\w+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * An event's, venue's or organizer's title as TEC shows it: through WordPress's `the_title`
 * (typographic quotes and dashes, `&#038;`); `<` and `>` escaped as every title is.
 */
export function renderPostTitle(text: string): string {
  return theTitle(text.replace(/</g, '&lt;').replace(/>/g, '&gt;'));
}

const rendered = new Map<string, string>();
const RENDERED_LIMIT = 20_000;

/** Text wpautop makes one paragraph of, unchanged: one line, no markup, nothing to trim. */
const ONE_PARAGRAPH = /^[^<\n\r]+$/;

/**
 * `the_content` / `the_excerpt`: paragraphs and line breaks as WordPress's wpautop makes them,
 * trimmed as TEC trims them (its records end with the last `</p>`, not wpautop's newline).
 * A line of plain text is its paragraph (wpautop's dozen regular expressions took 14 µs on
 * one, a fifth of an event's JSON). Texts repeat across requests (a venue on every page of
 * events), so the rest are remembered.
 */
export function renderContent(text: string): string {
  if (!text) return '';
  if (ONE_PARAGRAPH.test(text) && text.trim() === text) return `<p>${text}</p>`;
  let html = rendered.get(text);
  if (html === undefined) {
    if (rendered.size >= RENDERED_LIMIT) rendered.clear();
    html = autop(text).trim();
    rendered.set(text, html);
  }
  return html;
}

export type PickedTexts = {
  title: string;
  description: string;
  excerpt: string;
  slug: string;
  /** The language the title came from: what was served. */
  language: Language;
  translations: Language[];
};

export function pickTexts(texts: PostTexts, context: WireContext): PickedTexts {
  const pick = (field: keyof PostTexts) =>
    pickTranslation(texts[field], context.language, context.settings.defaultLanguage);
  const title = pick('title');
  return {
    title: title?.value ?? '',
    description: pick('description')?.value ?? '',
    excerpt: pick('excerpt')?.value ?? '',
    slug: pick('slug')?.value ?? '',
    language: title?.language ?? context.language,
    translations: translatedLanguages(texts.title, texts.description, texts.excerpt),
  };
}

export function postDates(post: { date: string; modified: string }, timezone: string) {
  return {
    date: utcToZone(post.date, timezone),
    date_utc: post.date,
    modified: utcToZone(post.modified, timezone),
    modified_utc: post.modified,
  };
}

/** TEC's `global_id`: host and path of the site, no scheme, then `?id=`. */
export function globalId(context: WireContext, id: number): string {
  return `${context.urls.host}?id=${id}`;
}

/**
 * A record's public page: the website's URL pattern from settings when set, else the editor's
 * own page for the record.
 */
export function publicUrl(context: WireContext, kind: PostKind, id: number, slug: string): string {
  const pattern = context.settings.publicUrls[kind];
  if (pattern)
    return pattern.replaceAll('{slug}', encodeURIComponent(slug)).replaceAll('{id}', String(id));
  return `${context.urls.origin}/#/${kind}s/${id}`;
}

export function imageObject(url: string): { url: string; id: number; extension: string } | false {
  if (!url) return false;
  const extension =
    /\.([a-z0-9]{2,5})(?:$|[?#])/i.exec(new URL(url).pathname)?.[1]?.toLowerCase() ?? '';
  return { url, id: 0, extension };
}

/** PHP's array_filter: drops every falsy value ("" , 0, false, null). */
export function withoutFalsy<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => Boolean(value)),
  ) as Partial<T>;
}
