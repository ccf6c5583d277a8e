/**
 * Small parts of reading a TEC site: the watermark of a listing, a post's view from TEC's answer
 * and core's, and the error of an answer a read cannot use.
 */
import { RemoteError } from '../remote-error.ts';
import type { PostKind } from './tec-routes.ts';
import { eventView, organizerView, venueView } from './tec-views.ts';
import { tecEventWire, tecOrganizerWire, tecVenueWire, type CorePostWire } from './tec-wire.ts';

type Row = Record<string, unknown> & { id: number };

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
