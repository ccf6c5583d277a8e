import { describe, expect, it } from 'vitest';
import { readZoneName } from './ics-zone-names.ts';

describe('TZIDs that are no IANA name', () => {
  it.each([
    ['Europe/Berlin', 'Europe/Berlin', 'iana'],
    ['W. Europe Standard Time', 'Europe/Berlin', 'windows'],
    ['"Pacific Standard Time"', 'America/Los_Angeles', 'windows'],
    ['(UTC-05:00) Eastern Time (US and Canada)', 'America/New_York', 'display'],
    ['(UTC-05:00) Eastern Time (US & Canada)', 'America/New_York', 'display'],
    ['(GMT+10:00) Canberra, Melbourne, Sydney', 'Australia/Canberra', 'display'],
    ['Amsterdam, Belgrade, Berlin, Brussels, …', 'Europe/Amsterdam', 'display'],
    ['(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi', 'Asia/Kolkata', 'display'],
    ['(UTC-03:00) Brasilia', 'America/Sao_Paulo', 'display'],
    ['UTC+01', 'Etc/GMT-1', 'offset'],
    ['GMT-5', 'Etc/GMT+5', 'offset'],
    ['(UTC+04:00) A name Windows never had', 'Etc/GMT-4', 'offset'],
    ['/mozilla.org/20070129_1/Europe/Zurich', 'Europe/Zurich', 'iana'],
  ])('reads %s as %s (%s)', (tzid, zone, how) => {
    expect(readZoneName(tzid)).toEqual({ zone, how });
  });

  it('knows no zone for names nobody can tell', () => {
    for (const tzid of ['Europe/Germany', 'tzone://Microsoft/Custom', 'UTC+05:30', 'Mars/Olympus'])
      expect(readZoneName(tzid)).toBeUndefined();
  });
});
