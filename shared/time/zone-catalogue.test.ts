import { describe, expect, it } from 'vitest';
import {
  currentZoneName,
  supportedZones,
  zoneChoice,
  zoneLabeller,
  zoneGroups,
  zoneMatches,
} from './zone-catalogue.ts';

const JANUARY = new Date('2026-01-15T12:00:00Z');
const JULY = new Date('2026-07-15T12:00:00Z');

describe('zone catalogue', () => {
  it('names zones as the IANA database does today, not as V8 lists them', () => {
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(currentZoneName('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(currentZoneName('Europe/Berlin')).toBe('Europe/Berlin');
    const zones = supportedZones();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Asia/Kolkata');
    expect(zones).toContain('Europe/Kyiv');
    expect(zones).not.toContain('Asia/Calcutta');
    expect(zones).not.toContain('Europe/Kiev');
    expect(new Set(zones).size).toBe(zones.length);
  });

  it('gives the offset in force at the moment, the place, and the name in the language asked', () => {
    expect(zoneChoice('Europe/Berlin', 'en', JANUARY)).toMatchObject({
      region: 'Europe',
      place: 'Berlin',
      offset: 'UTC+01:00',
      minutes: 60,
      name: 'Central European Time',
    });
    expect(zoneChoice('Europe/Berlin', 'en', JULY).offset).toBe('UTC+02:00');
    expect(zoneChoice('America/Argentina/Buenos_Aires', 'en', JANUARY)).toMatchObject({
      place: 'Buenos Aires, Argentina',
      offset: 'UTC−03:00',
    });
    expect(zoneChoice('Asia/Calcutta', 'ja', JANUARY)).toMatchObject({
      zone: 'Asia/Kolkata',
      offset: 'UTC+05:30',
      name: 'インド標準時',
    });
    expect(zoneChoice('UTC', 'en', JANUARY)).toMatchObject({ region: 'UTC', offset: 'UTC+00:00' });
  });

  it('groups by region, UTC first, each ordered by offset; a zone in force is always offered', () => {
    const groups = zoneGroups('en', JANUARY, 'Europe/Kiev');
    expect(groups[0]).toMatchObject({ region: 'UTC', zones: [{ zone: 'UTC' }] });
    const europe = groups.find((group) => group.region === 'Europe')!;
    const minutes = europe.zones.map((zone) => zone.minutes);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    expect(europe.zones.filter((zone) => zone.zone === 'Europe/Kyiv')).toHaveLength(1);
    const unknown = zoneGroups('en', JANUARY, 'Etc/GMT+5');
    expect(unknown.at(-1)).toMatchObject({ region: 'Other', zones: [{ zone: 'Etc/GMT+5' }] });
  });

  it('finds a zone by any word of its name, place, offset or localized name', () => {
    const kolkata = zoneChoice('Asia/Kolkata', 'en', JANUARY);
    expect(zoneMatches(kolkata, 'kolk')).toBe(true);
    expect(zoneMatches(kolkata, 'india standard')).toBe(true);
    expect(zoneMatches(kolkata, '+05:30')).toBe(true);
    expect(zoneMatches(kolkata, 'india berlin')).toBe(false);
    const buenosAires = zoneChoice('America/Argentina/Buenos_Aires', 'en', JANUARY);
    expect(zoneMatches(buenosAires, 'buenos aires')).toBe(true);
    expect(zoneMatches(buenosAires, 'utc-03')).toBe(true);
  });

  it('names the place in the reader’s language, the city or the country’s main zone', () => {
    const place = (zone: string, locale: string) => zoneChoice(zone, locale, JANUARY).localPlace;
    expect(place('America/New_York', 'ja')).toBe('ニューヨーク');
    expect(place('America/New_York', 'bg')).toBe('Ню Йорк');
    expect(place('America/New_York', 'zh-hans')).toBe('纽约');
    expect(place('America/New_York', 'es')).toBe('Nueva York');
    expect(place('America/New_York', 'pt-br')).toBe('Nova York');
    expect(place('Europe/Sofia', 'bg')).toBe('България');
    expect(place('America/Indiana/Knox', 'fr')).toBe('Knox [Indiana]');
    expect(place('America/Sao_Paulo', 'de')).toBe('São Paulo');
    // Where ICU names no place: the English place, or the zone's name outside Latin script.
    expect(place('Europe/Berlin', 'de')).toBe('Berlin');
    expect(place('Asia/Tokyo', 'ja')).toBe('日本標準時');
    expect(place('America/New_York', 'en')).toBe('New York');
    expect(place('UTC', 'bg')).toBe('UTC');
  });

  it('finds a zone by its name in the reader’s language and by its English or IANA name', () => {
    const newYork = zoneChoice('America/New_York', 'bg', JANUARY);
    expect(zoneMatches(newYork, 'ню йорк')).toBe(true);
    expect(zoneMatches(newYork, 'new york')).toBe(true);
    expect(zoneMatches(newYork, 'America/New_York')).toBe(true);
    expect(zoneMatches(newYork, 'източно')).toBe(true);
    const sofia = zoneChoice('Europe/Sofia', 'ja', JANUARY);
    expect(zoneMatches(sofia, 'ブルガリア')).toBe(true);
    expect(zoneMatches(sofia, 'sofia')).toBe(true);
  });

  it('labels zones by their names in the UI language, with the place where names are shared', () => {
    const label = (locale: string) => zoneLabeller(zoneGroups(locale, JANUARY), locale);
    const choice = (zone: string, locale: string) => zoneChoice(zone, locale, JANUARY);
    const newYork = choice('America/New_York', 'ja');
    expect(label('ja')(newYork)).toBe(`米国東部時間 · ${newYork.localPlace} (UTC−05:00)`);
    expect(label('ja')(choice('Asia/Tokyo', 'ja'))).toBe('日本標準時 (UTC+09:00)');
    expect(label('bg')(choice('Europe/Sofia', 'bg'))).toBe(
      'Източноевропейско време · България (UTC+02:00)',
    );
    expect(label('en')(choice('America/New_York', 'en'))).toBe('New York (UTC−05:00)');
    expect(label('bg')(choice('UTC', 'bg'))).toBe('UTC');
    // No zone is labelled by an offset dressed as a name.
    for (const locale of ['bg', 'ja', 'de']) {
      const groups = zoneGroups(locale, JANUARY);
      const labelled = groups.flatMap((group) => group.zones).map(zoneLabeller(groups, locale));
      expect(labelled.filter((text) => /[+−-]\d+\s\(/.test(text))).toEqual([]);
    }
  });
});
