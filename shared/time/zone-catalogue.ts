/**
 * The time zones a picker offers: the runtime's IANA zones (`Intl.supportedValuesOf`), under
 * their current names, grouped by region, each with its UTC offset now and its name in the
 * reader's language.
 *
 * V8 (Chromium, Node) lists and resolves zones by CLDR's canonical ids, which keep names the
 * IANA database has since replaced ("Asia/Calcutta" for "Asia/Kolkata", "Europe/Kiev" for
 * "Europe/Kyiv"). CLDR records the current name of each in its `ianaMap` (ICU's
 * timezoneTypes.txt); that map is the table below, so the picker and a new calendar's default
 * use the names people know. Both spellings stay valid everywhere: Intl accepts either.
 */

const CURRENT_NAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** The IANA database's current name for a zone the runtime may name the old way. */
export function currentZoneName(zone: string): string {
  return CURRENT_NAMES[zone] ?? zone;
}

/** The regions zones are grouped under: the first part of their names, and UTC on its own. */
const ZONE_REGIONS = [
  'UTC',
  'Africa',
  'America',
  'Antarctica',
  'Arctic',
  'Asia',
  'Atlantic',
  'Australia',
  'Europe',
  'Indian',
  'Pacific',
  'Other',
] as const;
export type ZoneRegion = (typeof ZONE_REGIONS)[number];

export type ZoneChoice = {
  /** The zone's current IANA name: what a pick stores. */
  zone: string;
  region: ZoneRegion;
  /** "Buenos Aires, Argentina", "Knox, Indiana": the place in English, most specific first. */
  place: string;
  /**
   * The place in the reader's language as ICU names it: the city ("ニューヨーク", "Ню Йорк"), or
   * the country for a country's main zone ("ドイツ"); `place` where ICU has no such name.
   */
  localPlace: string;
  /** "UTC+05:30": the offset at the moment the catalogue was made. */
  offset: string;
  /** Minutes east of UTC, for sorting. */
  minutes: number;
  /** "India Standard Time", "インド標準時": the runtime's name for it in the reader's language. */
  name: string;
};

export type ZoneGroup = { region: ZoneRegion; zones: ZoneChoice[] };

function regionOf(zone: string): ZoneRegion {
  const first = zone.split('/')[0] ?? '';
  return (ZONE_REGIONS as readonly string[]).includes(first) ? (first as ZoneRegion) : 'Other';
}

function placeOf(zone: string): string {
  const parts = zone.split('/');
  const named = parts.length > 1 ? parts.slice(1) : parts;
  return named.reverse().join(', ').replaceAll('_', ' ');
}

type ZoneNameStyle = 'longOffset' | 'longGeneric' | 'shortGeneric';

function zonePart(zone: string, locale: string, style: ZoneNameStyle, at: Date) {
  return (
    new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: style })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  );
}

/** "GMT+05:30" → 330; "GMT" (ICU's word for +00:00) → 0. */
function minutesOf(gmtOffset: string): number {
  const match = /([+-])(\d{2}):(\d{2})/.exec(gmtOffset);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const whole = Math.abs(minutes);
  const hours = String(Math.floor(whole / 60)).padStart(2, '0');
  return `UTC${sign}${hours}:${String(whole % 60).padStart(2, '0')}`;
}

const commonPrefix = (texts: string[]) => {
  let length = 0;
  while (texts.every((text) => text[length] !== undefined && text[length] === texts[0]![length]))
    length++;
  return texts[0]!.slice(0, length);
};
const reversed = (text: string) => [...text].reverse().join('');

/**
 * ICU's words around a place in a zone's generic location name ("{0}時間", "heure : {0}",
 * "{0} (Ortszeit)"), learnt from zones it names by their cities in every UI language but
 * English (which names them "ET", "CT"). Undefined when the language gives no such names.
 */
const affixCache = new Map<string, { prefix: string; suffix: string } | undefined>();
function locationAffixes(locale: string, at: Date) {
  if (!affixCache.has(locale)) {
    const names = ['America/Detroit', 'America/Toronto', 'America/Indiana/Knox'].map((zone) =>
      zonePart(zone, locale, 'shortGeneric', at),
    );
    const distinct = new Set(names).size === names.length;
    const prefix = commonPrefix(names);
    const suffix = reversed(commonPrefix(names.map(reversed)));
    affixCache.set(locale, distinct ? { prefix, suffix } : undefined);
  }
  return affixCache.get(locale);
}

/** The zone's place in the reader's language, or undefined where ICU gives none. */
function localPlaceOf(zone: string, locale: string, at: Date): string | undefined {
  const affixes = locationAffixes(locale, at);
  if (!affixes) return undefined;
  const name = zonePart(zone, locale, 'shortGeneric', at);
  const { prefix, suffix } = affixes;
  if (!name.startsWith(prefix) || !name.endsWith(suffix)) return undefined;
  const place = name.slice(prefix.length, name.length - suffix.length).trim();
  // An abbreviation ("MEZ", "JST") or an offset ("Гринуич-3") is no place.
  if (!place || /^\p{Lu}{2,5}$/u.test(place) || /\d/.test(place)) return undefined;
  return place;
}

// ICU falls back to the offset for zones it has no name for ("GMT-05:00", "Гринуич-3"): say
// nothing then.
const named = (name: string) => (/^(GMT|UTC)$|[+−-]\d{1,2}(:\d\d)?$/.test(name) ? '' : name);

/**
 * Where ICU names no place: a reader of Latin script reads the English place ("Berlin"); one
 * of another ("日本標準時" beside "Tokyo") reads the zone's name in their language.
 */
const fallback = (name: string, place: string) =>
  named(name) && !/\p{Script=Latin}/u.test(name) ? name : place;

/** One zone as a picker shows it. */
export function zoneChoice(zone: string, locale: string, at: Date): ZoneChoice {
  const current = currentZoneName(zone);
  const minutes = minutesOf(zonePart(current, 'en-US', 'longOffset', at));
  const name = zonePart(current, locale, 'longGeneric', at);
  const place = current === 'UTC' ? 'UTC' : placeOf(current);
  return {
    zone: current,
    region: regionOf(current),
    place,
    localPlace:
      current === 'UTC' ? place : (localPlaceOf(current, locale, at) ?? fallback(name, place)),
    offset: formatOffset(minutes),
    minutes,
    name: named(name),
  };
}

/** The runtime's zones under their current names, UTC first. */
export function supportedZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const zones = (supported?.('timeZone') ?? []).map(currentZoneName);
  return ['UTC', ...new Set(zones.filter((zone) => zone !== 'UTC'))];
}

/**
 * The zones grouped by region (in ZONE_REGIONS' order), each group ordered by offset, then
 * place. `keep` (the value in force) is always offered, even when the runtime does not list it.
 */
export function zoneGroups(locale: string, at: Date, keep?: string): ZoneGroup[] {
  const choices = supportedZones().map((zone) => zoneChoice(zone, locale, at));
  const groups = ZONE_REGIONS.map((region) => ({
    region,
    zones: choices
      .filter((choice) => choice.region === region)
      .sort((a, b) => a.minutes - b.minutes || a.localPlace.localeCompare(b.localPlace, locale)),
  })).filter((group) => group.zones.length > 0);
  return keep ? offering(groups, keep, locale, at) : groups;
}

/**
 * `groups` with `zone` offered too: as they are when they hold it, else with it added at the
 * end of its region's group. Cheap, so a catalogue can be built once and each value in force
 * added as it comes.
 */
export function offering(
  groups: readonly ZoneGroup[],
  zone: string,
  locale: string,
  at: Date,
): ZoneGroup[] {
  const current = currentZoneName(zone);
  if (groups.some((group) => group.zones.some((choice) => choice.zone === current))) {
    return [...groups];
  }
  const choice = zoneChoice(zone, locale, at);
  const found = groups.some((group) => group.region === choice.region);
  const added = groups.map((group) =>
    group.region === choice.region ? { ...group, zones: [...group.zones, choice] } : group,
  );
  return found ? added : [...added, { region: choice.region, zones: [choice] }];
}

/**
 * Whether a zone answers a search: its IANA name, place (in English and in the reader's
 * language), offset or localized name contain every word.
 */
export function zoneMatches(choice: ZoneChoice, query: string): boolean {
  const haystack = [choice.zone, choice.place, choice.localPlace, choice.offset, choice.name]
    .join(' ')
    .replaceAll('_', ' ')
    .replaceAll('−', '-')
    .toLocaleLowerCase();
  return query
    .toLocaleLowerCase()
    .replaceAll('_', ' ')
    .replaceAll('−', '-')
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/**
 * How a picker labels the zones of `groups` in `locale`. English: the place and offset
 * ("New York (UTC−05:00)"), its places being already in the language. Any other language
 * leads with the zone's name in it, which every runtime has ("米国東部時間"), and adds the
 * place where several zones share that name ("米国東部時間 · New York (UTC−05:00)"): in the
 * language where the runtime names it (Chromium names countries, not cities), else in English.
 */
export function zoneLabeller(
  groups: readonly ZoneGroup[],
  locale: string,
): (choice: ZoneChoice) => string {
  const english = new Intl.Locale(locale).language === 'en';
  const sharing = new Map<string, number>();
  for (const choice of groups.flatMap((group) => group.zones))
    sharing.set(choice.name, (sharing.get(choice.name) ?? 0) + 1);
  return (choice) => {
    if (choice.zone === 'UTC') return 'UTC';
    if (english || !choice.name) return `${choice.localPlace} (${choice.offset})`;
    if ((sharing.get(choice.name) ?? 0) > 1 && choice.name !== choice.localPlace)
      return `${choice.name} · ${choice.localPlace} (${choice.offset})`;
    return `${choice.name} (${choice.offset})`;
  };
}
