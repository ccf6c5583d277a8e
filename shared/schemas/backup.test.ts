import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, BACKUP_VERSION, backupIcalSchema, backupSchema } from './backup.ts';

const EMPTY_BACKUP = {
  format: BACKUP_FORMAT,
  version: BACKUP_VERSION,
  created: '2026-11-20 10:00:00',
  marquee: '0.1.0',
  settings: { timezone: 'Europe/Berlin', defaultLanguage: 'en', publicUrls: {} },
  users: [],
  venues: [],
  organizers: [],
  categories: [],
  tags: [],
  events: [],
};

const KEPT = {
  eventUuid: '4fa763e7-edc9-4e6f-94aa-68c52ae9a2ba',
  uid: 'choir@kulturhaus.example',
  seriesUid: null,
  sequence: 1,
  revisionsSinceImport: 0,
  recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4', 'EXDATE;TZID=Europe/Berlin:20261216T180000'],
  extra: ['GEO:51.3397;12.3731', 'X-KULTURHAUS-ROOM:Saal 2'],
};

describe('backup schema: kept ICS data', () => {
  it('reads a backup from before the section as one without kept ICS data', () => {
    expect(backupSchema.parse(EMPTY_BACKUP).ical).toEqual([]);
    expect(backupSchema.parse({ ...EMPTY_BACKUP, ical: [KEPT] }).ical).toEqual([KEPT]);
  });

  it('takes what an ICS import can store: no UID, any SEQUENCE, odd names and controls', () => {
    for (const kept of [
      { uid: '' },
      { sequence: -2 },
      { seriesUid: 'choir@kulturhaus.example', recurrence: [] },
      { recurrence: ['rrule:FREQ=DAILY;COUNT=2', 'RDATE;VALUE=DATE:20261224'] },
      { extra: ['X_UNDERSCORE:v', 'X-CR:a\rb', 'X-CTRL:a\u0001b', 'ATTENDEE;CN=A:mailto:a@b.c'] },
    ])
      expect(backupIcalSchema.safeParse({ ...KEPT, ...kept }).success, JSON.stringify(kept)).toBe(
        true,
      );
  });

  it('refuses what no import stores, naming the field', () => {
    const refused: [object, string][] = [
      [{ eventUuid: 'lecture' }, 'eventUuid'],
      [{ sequence: 'three' }, 'sequence'],
      [{ sequence: 1.5 }, 'sequence'],
      [{ revisionsSinceImport: -1 }, 'revisionsSinceImport'],
      [{ uid: 'a\nb' }, 'uid'],
      [{ recurrence: ['SUMMARY:not a rule'] }, 'recurrence'],
      [{ recurrence: ['RRULE FREQ=DAILY'] }, 'recurrence'],
      [{ extra: ['X-A:one\nBEGIN:VALARM'] }, 'extra'],
      [{ extra: [' folded continuation'] }, 'extra'],
      [{ extra: ['NO-VALUE'] }, 'extra'],
      [{ extra: 'X-A:one' }, 'extra'],
      [{ importedRev: 3 }, ''],
    ];
    for (const [change, field] of refused) {
      const parsed = backupIcalSchema.safeParse({ ...KEPT, ...change });
      expect(parsed.success, JSON.stringify(change)).toBe(false);
      expect(String(parsed.error?.issues[0]?.path[0] ?? '')).toBe(field);
    }
  });
});
