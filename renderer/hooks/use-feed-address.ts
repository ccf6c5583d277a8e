/**
 * The address of the calendar's ICS feed (`marquee/v1/ical`), or of one category's
 * (`/ical/categories/{slug}`), which calendar apps subscribe to. An app on another machine can
 * reach it only when this server is reachable from there, not on loopback.
 */
import { useRecord } from '../data/hooks.ts';

const LOOPBACK = /^(localhost|127(?:\.\d+){3}|\[::1\])$/;

export function useFeedAddress(categoryUuid: string | undefined): {
  address: string;
  /** The address names this computer only: apps elsewhere (Google Calendar) cannot reach it. */
  localOnly: boolean;
} {
  const category = useRecord('category', categoryUuid);
  const slugs = (category?.slug ?? {}) as Record<string, string>;
  const slug = Object.values(slugs).find(Boolean);
  const root = `${window.location.origin}/wp-json/marquee/v1/ical`;
  return {
    address: slug ? `${root}/categories/${encodeURIComponent(slug)}` : root,
    localOnly: LOOPBACK.test(window.location.hostname),
  };
}
