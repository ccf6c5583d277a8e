/**
 * Venues, organizers and terms as events embed them, made once per record and way of showing
 * it (a crawl of a 100k-event calendar embeds its 2k venues fifty times each: mapping them
 * again was a third of an event's JSON). Kept on the record object itself, which the link
 * reader keeps until the next change (event-links.ts) and replaces when it changes, and on the
 * settings object, which a settings change replaces. The embedded objects are shared: never
 * mutate them.
 */
import type { Settings } from '#shared/schemas/settings.ts';
import type { WireContext } from '../../../http/wire-context.ts';

type Made = { settings: Settings; byWay: Map<string, unknown> };

const made = new WeakMap<object, Made>();

/**
 * `record` as `make` embeds it; `variant`: what else the embedding reads (the view, a count).
 * Besides those and the settings, an embedded record reads the context's language and URLs
 * (the caller only through the view's redaction).
 */
export function embedded<T>(
  record: object,
  context: WireContext,
  variant: string,
  make: () => T,
): T {
  let kept = made.get(record);
  if (kept?.settings !== context.settings)
    made.set(record, (kept = { settings: context.settings, byWay: new Map() }));
  const way = `${context.language}|${context.urls.route(context.namespace, '')}|${variant}`;
  let value = kept.byWay.get(way) as T | undefined;
  if (value === undefined) kept.byWay.set(way, (value = make()));
  return value;
}
