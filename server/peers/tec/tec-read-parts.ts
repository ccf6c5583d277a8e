/**
 * Small parts of reading a TEC site: the watermark of a listing, a post's view from TEC's answer
 * and core's, and the error of an answer a read cannot use.
 */
import { type PostKind } from '#shared/kinds/registry.ts';
import { decodeHTML } from 'entities';
import { RemoteError } from '../website/remote-error.ts';
import { eventView, organizerView, venueView } from './tec-views.ts';
import { tecEventWire, tecOrganizerWire, tecVenueWire, type CorePostWire } from './tec-wire.ts';

export type Row = Record<string, unknown> & { id: number };

/** A record's place in the pass's ReadCache (tec-reads.ts): its kind and its id on the site. */
export const cacheKey = (kind: string, id: string | number): string => `${kind}:${id}`;

/** The UTC watermark a later modified_after asks from: two seconds back (whole seconds). */
export function watermarkOf(latest: string): string {
  if (!latest) return '';
  const at = new Date(`${latest.replace(' ', 'T')}Z`).getTime() - 2000;
  return new Date(at).toISOString().replace(/\.\d+Z$/, 'Z');
}

export const later = (a: string, b: string) => (b > a ? b : a);

export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function postView(kind: PostKind, wire: Row, raw: CorePostWire) {
  if (kind === 'event') return eventView(tecEventWire.parse(wire), raw);
  if (kind === 'venue') return venueView(tecVenueWire.parse(wire), raw);
  return organizerView(tecOrganizerWire.parse(wire), raw);
}

/** An answer a read cannot use: the pass stops (the site may be half-broken, or the role too weak). */
export function unexpected(path: string, status: number): RemoteError {
  return new RemoteError(
    'server',
    `The website answered ${status} to a read of /wp-json/${path.split('?')[0]}.`,
    { status },
  );
}

/** TEC's refusal of a read of a password-protected event (403). */
export const isProtected = (body: unknown): boolean =>
  (body as { code?: unknown } | undefined)?.code === 'event-password-protected';

/** Whether core's public answer of a post hides its content behind a password. */
export const protectedContent = (body: unknown): boolean =>
  (body as { content?: { protected?: unknown } } | undefined)?.content?.protected === true;

/** WordPress's answer to a page past a list's last (400). */
export const pastLast = (body: unknown): boolean =>
  (body as { code?: unknown } | undefined)?.code === 'rest_post_invalid_page_number';

/** A post read as the public reads it: its rendered texts stand for the raw ones. */
export function renderedAsRaw(answer: unknown): Record<string, unknown> {
  const body = answer as Record<string, { rendered?: string } | undefined>;
  const rendered = (field: string) => ({ raw: body[field]?.rendered ?? '' });
  return {
    ...body,
    title: { raw: decodeHTML(rendered('title').raw) },
    content: rendered('content'),
    excerpt: rendered('excerpt'),
  };
}
