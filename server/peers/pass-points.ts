/**
 * Named points of a pass where a test may act: stop the process dead (kill -9: the crash tests
 * show that a push cut anywhere leaves no duplicate and loses no change) or change the site
 * between a pass's read and its write (the re-read before every write finds it). Nothing
 * happens at them unless a hook is given.
 */
import type { Kind } from '#shared/kinds/registry.ts';

export const PASS_POINTS = [
  /** A create's intent is committed; the request is not sent yet. */
  'create-intent',
  /** The site made the record; its answer is not stored yet. */
  'create-sent',
  /** An update's intent is committed; the request is not sent yet. */
  'update-intent',
  /** The site took the update; its answer is not stored yet. */
  'update-sent',
  /** A merge decided to write to the site; its version is not read again yet. */
  'before-check',
  /** A peer's change is written into Marquee; the peer's cursors have not moved yet. */
  'pulled',
  /** The hub's mutations and their numbers are committed; the push is not sent yet. */
  'push-intent',
  /** The hub answered a push; its results are not stored yet. */
  'push-sent',
] as const;

export type PassPoint = (typeof PASS_POINTS)[number];

export type PassHook = (point: PassPoint, record: { kind: Kind; uuid: string }) => unknown;

/**
 * The one way to inject a fault into a running server: MARQUEE_SITE_CRASH_AT=<point> (the hub's:
 * MARQUEE_HUB_CRASH_AT) makes it kill itself (SIGKILL, as a power cut would leave it) the first
 * time a pass reaches that point. For the crash tests of `marquee serve`; only that command reads
 * the variables, and a server started with one says so on its first line, so it is never on
 * unnoticed.
 */
export function crashHook(
  point: string | undefined,
  variable = 'MARQUEE_SITE_CRASH_AT',
): PassHook | undefined {
  if (!point) return undefined;
  if (!(PASS_POINTS as readonly string[]).includes(point))
    throw new Error(`${variable} must be one of ${PASS_POINTS.join(', ')}`);
  console.error(
    `Fault injection is on: this server kills itself when a pass reaches “${point}” (${variable}, for crash tests only).`,
  );
  return (reached) => {
    if (reached === point) process.kill(process.pid, 'SIGKILL');
  };
}
