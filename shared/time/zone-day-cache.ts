/**
 * Values that follow a zone's offset (its abbreviation, the offset itself), found through Intl
 * once per zone and UTC day when the day begins and ends with the same value (no zone changes
 * its offset twice in a day), so a crawl of events at many different times asks Intl about two
 * a day; on a day with a change, once per zone and minute (every zone in use changes its offset
 * on a whole minute). Asking Intl was a tenth of the time of an event's JSON.
 */
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** A day on which the value changes: look the minute up. */
const CHANGING = Symbol('changing');

export function byZoneAndDay<T>(
  find: (zone: string, at: Date) => T,
  maxKept = 10_000,
): (zone: string, at: Date) => T {
  const known = new Map<string, T | typeof CHANGING>();
  const remembered = (key: string, make: () => T | typeof CHANGING) => {
    let value = known.get(key);
    if (value === undefined) {
      if (known.size >= maxKept) known.clear();
      known.set(key, (value = make()));
    }
    return value;
  };
  return (zone, at) => {
    const day = Math.floor(at.getTime() / DAY_MS);
    const ofDay = remembered(`${zone}|${day}`, () => {
      const first = find(zone, new Date(day * DAY_MS));
      return first === find(zone, new Date((day + 1) * DAY_MS - MINUTE_MS)) ? first : CHANGING;
    });
    if (ofDay !== CHANGING) return ofDay;
    const minute = Math.floor(at.getTime() / MINUTE_MS);
    return remembered(`${zone}|${day}|${minute}`, () =>
      find(zone, new Date(minute * MINUTE_MS)),
    ) as T;
  };
}
