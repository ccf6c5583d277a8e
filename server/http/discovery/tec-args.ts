/**
 * The arguments of TEC's routes as TEC 6.17.2's index shows them (tec-args.json, read from a
 * fresh real site): its descriptions, types and defaults, in its order. Clients and site builders
 * read the index to learn TEC's API, so a TEC route is described in TEC's words; the arguments
 * only Marquee takes (`password`, `recurrence`, `force`, …) follow, described from the schema
 * that reads them (arg-help.ts).
 */
import { formatDateTime } from '#shared/time/datetime.ts';
import { z } from 'zod';
import tecArgs from './tec-args.json' with { type: 'json' };
import { tecDefaultBounds } from '../../domain/events/event-dates.ts';

const argsSchema = z.record(z.string(), z.record(z.string(), z.unknown()));
type Args = z.infer<typeof argsSchema>;

const ROUTES = z
  .record(z.string(), z.array(z.object({ methods: z.array(z.string()), args: argsSchema })))
  .parse(tecArgs.routes);
/** The defaults TEC computes per request, as its index shows them (tecDefaultBounds). */
function computedDefaults(now: Date, timezone: string): Record<string, string> {
  const { start, end } = tecDefaultBounds(now, timezone);
  return { start_date: formatDateTime(start), end_date: formatDateTime(end) };
}

/**
 * TEC's arguments of the endpoint of `pattern` (`/events/(?P<id>\d+)`) answering `methods`, or
 * undefined for a route TEC does not have.
 */
export function tecArgsOf(
  pattern: string,
  methods: readonly string[],
  now: Date,
  timezone: string,
): Args | undefined {
  const endpoint = ROUTES[pattern]?.find(
    (candidate) => candidate.methods.join() === methods.join(),
  );
  if (!endpoint) return undefined;
  if (pattern !== '/events' || !methods.includes('GET')) return endpoint.args;
  const defaults = computedDefaults(now, timezone);
  return Object.fromEntries(
    Object.entries(endpoint.args).map(([name, arg]) => [
      name,
      name in defaults ? { default: defaults[name], ...arg } : arg,
    ]),
  );
}
