/**
 * What `marquee serve` says when it listens beyond this machine: its answers (tokens, the
 * editor's session, drafts) travel as plain http, readable by anyone on the network, unless a
 * reverse proxy puts TLS in front of it.
 */
import { isLoopbackHost } from '#shared/net/loopback.ts';

/** One plain line for stderr, or undefined when `host` is a loopback address. */
export function plainHttpWarning(host: string): string | undefined {
  if (isLoopbackHost(host)) return undefined;
  return `Warning: listening on ${host} serves plain http to the network, where tokens and passwords can be read in transit: bind 127.0.0.1 behind a reverse proxy that adds TLS (README, "Several laptops": a reverse proxy for TLS).`;
}
