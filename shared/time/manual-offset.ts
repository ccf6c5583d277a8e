/**
 * WordPress's manual UTC offsets as time zones: a site or event whose zone is "UTC+2",
 * "UTC-9.5" or "UTC+5.75" (what WordPress's time zone menu stores: hours with a decimal part)
 * or "UTC+5:30" (how it shows them). TEC stores them as the event's zone. Luxon reads only the
 * colon form and Intl only the ISO form ("+05:30"), so each gets its own spelling of the offset.
 */

const MANUAL = /^UTC([+-])(\d{1,2})(?:(?::([0-5]\d))|(?:\.(\d{1,2})))?$/;

/** Minutes east of UTC of a manual offset ("UTC+5:30", "UTC+5.5" → 330), else undefined. */
function manualOffsetMinutes(zone: string): number | undefined {
  const match = MANUAL.exec(zone);
  if (!match) return undefined;
  const [, sign, hours = '0', minutes, fraction] = match;
  const extra =
    minutes !== undefined
      ? Number(minutes)
      : fraction !== undefined
        ? Math.round(Number(`0.${fraction}`) * 60)
        : 0;
  const total = Number(hours) * 60 + extra;
  // WordPress offers -12:00 to +14:00.
  if (total > 14 * 60) return undefined;
  return sign === '-' ? -total : total;
}

const pad = (value: number) => String(value).padStart(2, '0');

function spelled(zone: string, form: (sign: string, hours: number, minutes: number) => string) {
  const offset = manualOffsetMinutes(zone);
  if (offset === undefined) return zone;
  const minutes = Math.abs(offset);
  return form(offset < 0 ? '-' : '+', Math.floor(minutes / 60), minutes % 60);
}

export function isManualOffset(zone: string): boolean {
  return manualOffsetMinutes(zone) !== undefined;
}

/** The name to give Intl for `zone`: "UTC+5.5" → "+05:30"; any other zone as it is. */
export function intlTimeZone(zone: string): string {
  return spelled(zone, (sign, hours, minutes) => `${sign}${pad(hours)}:${pad(minutes)}`);
}

/** The name to give Luxon for `zone`: "UTC+5.5" → "UTC+5:30"; any other zone as it is. */
export function luxonTimeZone(zone: string): string {
  return spelled(zone, (sign, hours, minutes) => `UTC${sign}${hours}:${pad(minutes)}`);
}
