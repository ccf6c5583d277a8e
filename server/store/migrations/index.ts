/** Every migration, in order. Append new ones; never edit a released one. */
import { migration as init } from './0001-init.ts';
import { migration as eventListing } from './0002-event-listing.ts';
import { migration as sync } from './0003-sync.ts';
import { migration as eventIcal } from './0004-event-ical.ts';
import { migration as searchBacklog } from './0005-search-backlog.ts';
import { migration as trashedSlugs } from './0006-trashed-slugs.ts';
import { migration as termColor } from './0007-term-color.ts';
import { migration as series } from './0008-series.ts';
import { migration as orderedListing } from './0009-ordered-listing.ts';
import { migration as termCounts } from './0010-term-counts.ts';
import { migration as termLinksByTime } from './0011-term-links-by-time.ts';
import { migration as searchByLanguage } from './0012-search-by-language.ts';
import { migration as validDates } from './0013-valid-dates.ts';
import { migration as peers } from './0014-peers.ts';
import { migration as htmlRuleBacklog } from './0015-html-rule-backlog.ts';
import { migration as postsByModified } from './0016-posts-by-modified.ts';
import { migration as conflictValues } from './0017-conflict-values.ts';
import { migration as caldavAlarms } from './0018-caldav-alarms.ts';
import { migration as venueBookings } from './0019-venue-bookings.ts';
import { migration as websitePeerKind } from './0020-website-peer-kind.ts';
import { migration as bookingTimes } from './0021-booking-times.ts';

export type Migration = { version: number; name: string; sql: string };

export const MIGRATIONS: readonly Migration[] = [
  init,
  eventListing,
  sync,
  eventIcal,
  searchBacklog,
  trashedSlugs,
  termColor,
  series,
  orderedListing,
  termCounts,
  termLinksByTime,
  searchByLanguage,
  validDates,
  peers,
  htmlRuleBacklog,
  postsByModified,
  conflictValues,
  caldavAlarms,
  venueBookings,
  websitePeerKind,
  bookingTimes,
];
