/**
 * An IANA zone for Luxon whose offsets are remembered per UTC day. Luxon asks Intl for a
 * zone's offset on every DateTime it makes (about 8 µs a time, several times per event), and
 * an import of 100k events spent seconds there. A day is remembered only when the offset is
 * the same at its start, every six hours and at its last millisecond; a day with a transition
 * in it is asked every time. No zone in the tz database changes its offset twice within six
 * hours, so a remembered day is exact (the unit test compares years of minutes with Intl).
 */
import {
  FixedOffsetZone,
  IANAZone,
  Zone,
  type ZoneOffsetFormat,
  type ZoneOffsetOptions,
} from 'luxon';
import { isManualOffset, luxonTimeZone } from './manual-offset.ts';

const DAY_MS = 86_400_000;
const PROBE_MS = 6 * 3_600_000;
/** Bounds memory for imports that span centuries; then the memo starts over. */
const MAX_REMEMBERED_DAYS = 100_000;
/** Marks a day with a transition in it. */
const CHANGES = Number.NaN;

class CachedIanaZone extends Zone<true> {
  readonly #zone: IANAZone<true>;
  readonly #offsetOfDay = new Map<number, number>();

  constructor(zone: IANAZone<true>) {
    super();
    this.#zone = zone;
  }

  override get type(): string {
    return 'iana';
  }

  override get name(): string {
    return this.#zone.name;
  }

  override get isUniversal(): boolean {
    return false;
  }

  override get isValid(): true {
    return true;
  }

  override offsetName(ts: number, options: ZoneOffsetOptions): string {
    return this.#zone.offsetName(ts, options);
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    return this.#zone.formatOffset(ts, format);
  }

  override equals(other: Zone): boolean {
    return other.type === 'iana' && other.name === this.name;
  }

  override offset(ts: number): number {
    const day = Math.floor(ts / DAY_MS);
    let offset = this.#offsetOfDay.get(day);
    if (offset === undefined) {
      offset = this.#steadyOffset(day * DAY_MS);
      if (this.#offsetOfDay.size >= MAX_REMEMBERED_DAYS) this.#offsetOfDay.clear();
      this.#offsetOfDay.set(day, offset);
    }
    return Number.isNaN(offset) ? this.#zone.offset(ts) : offset;
  }

  /** The offset all through the day from `start`, or CHANGES. */
  #steadyOffset(start: number): number {
    const first = this.#zone.offset(start);
    for (let probe = start + PROBE_MS; probe < start + DAY_MS; probe += PROBE_MS)
      if (this.#zone.offset(probe) !== first) return CHANGES;
    return this.#zone.offset(start + DAY_MS - 1) === first ? first : CHANGES;
  }
}

const zones = new Map<string, CachedIanaZone>();

/**
 * The zone to hand Luxon for `name`: a remembering IANA zone when `name` is a valid IANA name
 * (kept per name; a few hundred exist), else `name` itself for Luxon to read ("UTC", "utc+2",
 * or an invalid name that makes an invalid DateTime, as before).
 */
export function zoneNamed(name: string): Zone | string {
  const known = zones.get(name);
  if (known) return known;
  if (isManualOffset(name)) return luxonTimeZone(name);
  if (FixedOffsetZone.parseSpecifier(name.toLowerCase()) || !IANAZone.isValidZone(name))
    return name;
  const zone = IANAZone.create(name);
  if (!zone.isValid) return name;
  const cached = new CachedIanaZone(zone);
  zones.set(name, cached);
  return cached;
}
