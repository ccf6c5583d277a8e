/**
 * Records as calendar files carry them (ICS, CSV), between a file and the calendar: texts in one
 * language, links by name, times as wall-clock in a zone. Readers turn files into these; the
 * import plan matches them to the calendar; writers turn calendar records back into files.
 */
import type { EventFlag } from '#shared/kinds/event-flags.ts';
import type { Language } from '#shared/languages.ts';
import type { PostStatus } from '#shared/schemas/common.ts';
import type { Recurrence } from '#shared/series/recurrence.ts';
import type { IcalKeep } from '../store/ical.repo.ts';

export type FileVenue = {
  /** The file's line (CSV venue rows); an event's venue has none. */
  line?: number;
  name: string;
  address?: string;
  city?: string;
  /** TEC's one State/Province column: a venue's state, province and the two as one. */
  province?: string;
  zip?: string;
  country?: string;
  phone?: string;
  website?: string;
  image?: string;
  description?: string;
  /** Language of the texts (a CSV row's language column); absent: the file's language. */
  language?: Language | null;
};

export type FileOrganizer = {
  line?: number;
  name: string;
  email?: string;
  phone?: string;
  website?: string;
  image?: string;
  description?: string;
  /** As FileVenue's. */
  language?: Language | null;
};

export type FileEvent = {
  /** The file's line where this record starts (1-based), for problems and the preview. */
  line: number;
  /** A stable identity across imports: the ICS UID, or a uuid column; null when the file has none. */
  uid: string | null;
  /** Language of the texts; null: the calendar's default language. */
  language: Language | null;
  title: string;
  /**
   * The file gives no title (an ICS VEVENT without SUMMARY): the import stores "(untitled)" in
   * the language it writes (the editor's own word for it) and notes it.
   */
  untitled?: boolean;
  /**
   * A field left undefined (here and below) is one the file does not carry, such as an
   * excerpt in ICS, or an ICS VEVENT without DESCRIPTION: an import leaves it alone on the
   * event it matches (and a new event has none).
   */
  description?: string;
  excerpt?: string;
  /** Wall-clock `YYYY-MM-DD HH:MM:SS` in `timezone`; all-day events span whole days (end 23:59:59). */
  start: string;
  end: string;
  /** IANA zone name. */
  timezone: string;
  /**
   * The file does not name the zone (an all-day event in an ICS file without its
   * X-MARQUEE-TIMEZONE): `timezone` is the calendar's, which a new event gets and a matched
   * one does not.
   */
  zoneUnsaid?: boolean;
  allDay: boolean;
  status?: PostStatus;
  cost?: string;
  website?: string;
  image?: string;
  /** null: no venue. */
  venue?: FileVenue | null;
  organizers?: FileOrganizer[];
  categories?: string[];
  tags?: string[];
  /**
   * An exception's series (its UID), or, for a rule a series cannot hold, the occurrences read
   * as events of their own share the series' uid here and the first holds the rule.
   */
  seriesUid?: string;
  /** A series: its rule, extra and removed slots, in `timezone`. */
  recurrence?: Recurrence;
  /** An exception: the slot of its series it replaces (wall time in the series' zone). */
  recurrenceId?: string;
  ical?: IcalKeep;
} & Partial<Record<EventFlag, boolean>>;
