/**
 * PHP's strtotime(), evaluated in an IANA zone whatever the process's own zone is: TEC's date
 * parameters accept anything strtotime does ("tomorrow 9am", "+1 week", "first day of next
 * month"). locutus ports strtotime but does its calendar arithmetic with the *local* Date
 * methods, so for the length of its (synchronous) call we give it a Date whose local methods
 * work in `zone`. Chosen over chrono-node after comparing both with PHP's own results.
 */
import { strtotime as phpStrtotime } from 'locutus/php/datetime/strtotime';
import { intlTimeZone } from './manual-offset.ts';

const RealDate = Date;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: intlTimeZone(zone),
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Offset of the zone at instant `ms`, in minutes east of UTC. */
function offsetMinutes(ms: number, formatter: Intl.DateTimeFormat): number {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatter.formatToParts(ms))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = RealDate.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    (parts.hour ?? 0) % 24,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.round((wall - (ms - (((ms % 1000) + 1000) % 1000))) / 60000);
}

/** Wall time (written as a UTC epoch) → instant; in a DST gap moves forward, in an overlap takes the first, as PHP. */
function wallToInstant(wall: number, formatter: Intl.DateTimeFormat): number {
  const first = offsetMinutes(wall, formatter);
  const guess = wall - first * 60000;
  const second = offsetMinutes(guess, formatter);
  if (first === second) return guess;
  const retry = wall - second * 60000;
  if (offsetMinutes(retry, formatter) === second) return retry;
  return wall - Math.min(first, second) * 60000;
}

function zonedDate(zone: string): DateConstructor {
  const formatter = formatterFor(zone);
  class ZonedDate extends RealDate {
    constructor(...args: number[]) {
      if (args.length <= 1) {
        super(args.length === 0 ? RealDate.now() : (args[0] ?? 0));
        return;
      }
      const wall = new RealDate(0);
      wall.setUTCFullYear(args[0] ?? 1970, args[1] ?? 0, args[2] ?? 1);
      wall.setUTCHours(args[3] ?? 0, args[4] ?? 0, args[5] ?? 0, args[6] ?? 0);
      super(wallToInstant(wall.getTime(), formatter));
    }
    private wall(): Date {
      return new RealDate(this.getTime() + offsetMinutes(this.getTime(), formatter) * 60000);
    }
    private setWall(wall: Date): number {
      return this.setTime(wallToInstant(wall.getTime(), formatter));
    }
    override getFullYear(): number {
      return this.wall().getUTCFullYear();
    }
    override getMonth(): number {
      return this.wall().getUTCMonth();
    }
    override getDate(): number {
      return this.wall().getUTCDate();
    }
    override getDay(): number {
      return this.wall().getUTCDay();
    }
    override getHours(): number {
      return this.wall().getUTCHours();
    }
    override getMinutes(): number {
      return this.wall().getUTCMinutes();
    }
    override getSeconds(): number {
      return this.wall().getUTCSeconds();
    }
    override getMilliseconds(): number {
      return this.wall().getUTCMilliseconds();
    }
    override getTimezoneOffset(): number {
      return -offsetMinutes(this.getTime(), formatter);
    }
    override setFullYear(year: number, month?: number, day?: number): number {
      const wall = this.wall();
      wall.setUTCFullYear(year, month ?? wall.getUTCMonth(), day ?? wall.getUTCDate());
      return this.setWall(wall);
    }
    override setMonth(month: number, day?: number): number {
      const wall = this.wall();
      wall.setUTCMonth(month, day ?? wall.getUTCDate());
      return this.setWall(wall);
    }
    override setDate(day: number): number {
      const wall = this.wall();
      wall.setUTCDate(day);
      return this.setWall(wall);
    }
    override setHours(hours: number, minutes?: number, seconds?: number, ms?: number): number {
      const wall = this.wall();
      wall.setUTCHours(
        hours,
        minutes ?? wall.getUTCMinutes(),
        seconds ?? wall.getUTCSeconds(),
        ms ?? wall.getUTCMilliseconds(),
      );
      return this.setWall(wall);
    }
  }
  // locutus only calls it with `new`; the plain-call signature of DateConstructor is unused.
  return ZonedDate as unknown as DateConstructor;
}

/**
 * Longer texts are no date: locutus's parser takes time growing with the square of a run of
 * figures (0.3 s for 30,000, 3.5 s for 100,000), and a file's cell or a body's date may be
 * that long. The longest phrase worth reading ("first day of next month 9:30am UTC+05:30")
 * is a fifth of this.
 */
const MAX_TEXT = 200;

/**
 * `strtotime(text, now)` as PHP computes it with `zone` as the default time zone; undefined
 * where PHP returns false, and for a text longer than any date (MAX_TEXT). Second precision.
 */
export function strtotime(text: string, zone: string, now: Date): Date | undefined {
  if (text.trim() === '' || text.length > MAX_TEXT) return undefined;
  // locutus 3.0.36 returns "now" for "+N weekdays" instead of failing: refuse rather than mislead.
  if (/\bweekdays?\b/i.test(text)) return undefined;
  // locutus reads "GMT+2" as two minutes; PHP reads hours.
  const input = text.replace(/\b(GMT|UTC)\s*([+-])(\d{1,2})(?![\d:])/gi, '$1$2$3:00');
  const ZonedDate = zonedDate(zone);
  const scope = globalThis as { Date: DateConstructor };
  const previous = scope.Date;
  let seconds: number | false;
  scope.Date = ZonedDate;
  try {
    seconds = phpStrtotime(input, Math.floor(now.getTime() / 1000));
  } catch {
    seconds = false;
  } finally {
    scope.Date = previous;
  }
  return seconds === false || !Number.isFinite(seconds) ? undefined : new RealDate(seconds * 1000);
}
