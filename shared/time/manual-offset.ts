/**
 * WordPress's manual UTC offsets as time zones: a site or event whose zone is "UTC+2",
 * "UTC-3:30" or "UTC+5:30" (WordPress's time zone menu offers them beside the IANA names, and
 * TEC stores them as the event's zone). Luxon reads them as they are; Intl does not, so Intl
 * formatters get the ISO form ("+02:00"), which Intl accepts as a zone.
 */

const MANUAL = /^UTC([+-])(\d{1,2})(?::([0-5]\d))?$/;

/** Minutes east of UTC of a manual offset ("UTC+5:30" → 330), or undefined for any other zone. */
function manualOffsetMinutes(zone: string): number | undefined {
  const match = MANUAL.exec(zone);
  if (!match) return undefined;
  const [, sign, hours = '0', minutes = '0'] = match;
  const total = Number(hours) * 60 + Number(minutes);
  // WordPress offers -12:00 to +14:00.
  if (total > 14 * 60) return undefined;
  return sign === '-' ? -total : total;
}

export function isManualOffset(zone: string): boolean {
  return manualOffsetMinutes(zone) !== undefined;
}

/** The name to give Intl for `zone`: "UTC+2" → "+02:00"; any other zone as it is. */
export function intlTimeZone(zone: string): string {
  const offset = manualOffsetMinutes(zone);
  if (offset === undefined) return zone;
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.abs(offset);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
