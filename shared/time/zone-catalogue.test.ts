import { describe, expect, it } from 'vitest';
import {
  currentZoneName,
  supportedZones,
  zoneChoice,
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
});
