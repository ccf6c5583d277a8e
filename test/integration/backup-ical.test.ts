/**
 * JSON backups keep what ICS imports keep beside events (UID, series UID, SEQUENCE, the rule of a
 * series imported before series were records, unknown properties): a calendar built from an ICS
 * file, backed up and restored into an empty calendar, gives back the same ICS export and feed
 * and the same REST events. A backup made before the section restores as before; a section that
 * names an event the file lacks, or holds bad values, is refused whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, fixture } from '../support/ics-calendar.ts';
import {
  OWNER_TOKEN,
  startTestServer,
  type Caller,
  type TestServer,
} from '../support/test-server.ts';

const BACKUP = '/wp-json/marquee/v1/export?format=json';
const RESTORE = '/wp-json/marquee/v1/import?format=json';
const ICS_EXPORT = '/wp-json/marquee/v1/export?format=ics';
const FEED = '/wp-json/marquee/v1/ical';
const ANY_STATUS = 'status=publish,draft,pending,private,future';
const SETTINGS = { overrides: { timezone: 'Europe/Berlin' } };

let source: TestServer;
let backup: string;

type Listed = { events: { id: number; title: string }[] };

/** The ICS files and REST events a client could ask for, with the server's address taken out. */
async function calendarAnswers(server: TestServer): Promise<Record<string, string>> {
  const list = (await server.api(`/events?${ANY_STATUS}&per_page=50&start_date=2026-01-01`, {
    as: 'owner',
  })) as { body: Listed };
  const asked: [string, Caller][] = [
    // DTSTAMP is the record's modification time, not the export's: the texts compare whole.
    [ICS_EXPORT, 'owner'],
    [FEED, 'anonymous'],
    [`/wp-json/tribe/events/v1/events?${ANY_STATUS}&per_page=50&start_date=2026-01-01`, 'owner'],
    ['/wp-json/tribe/events/v1/events?per_page=50&start_date=2026-01-01', 'anonymous'],
    ...list.body.events.map(
      ({ id }) => [`/wp-json/tribe/events/v1/events/${id}`, 'owner'] as [string, Caller],
    ),
  ];
  const texts: Record<string, string> = {};
  for (const [path, as] of asked) {
    const reply = await server.request(path, { as });
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    texts[`${as} ${path}`] = `${reply.status} ${text
      .replaceAll(server.url, 'ORIGIN')
      .replaceAll(new URL(server.url).host, 'HOST')}`;
  }
  return texts;
}

/** Where a backup's kept ICS lines are (0-based line indexes). */
const icalLines = (lines: string[]) =>
  lines.flatMap((line, at) => (line.startsWith('{"eventUuid":') ? [at] : []));

/** The backup with its `index`-th kept ICS line changed by `edit`. */
function withIcalLine(text: string, index: number, edit: (kept: object) => object): string {
  const lines = text.split('\n');
  const at = icalLines(lines)[index];
  const line = at === undefined ? undefined : lines[at];
  if (at === undefined || line === undefined) throw new Error(`no kept ICS line ${index}`);
  const comma = line.endsWith(',') ? ',' : '';
  lines[at] =
    JSON.stringify(edit(JSON.parse(line.slice(0, line.length - comma.length)) as object)) + comma;
  return lines.join('\n');
}

async function restoreInto(server: TestServer, text: string) {
  return server.request(RESTORE, { as: 'owner', text });
}

async function eventTotal(server: TestServer): Promise<number> {
  const reply = await server.api(`/events?${ANY_STATUS}&start_date=2000-01-01`, { as: 'owner' });
  return (reply.body as { total?: number }).total ?? 0;
}

beforeAll(async () => {
  source = await startTestServer(SETTINGS);
  await fill(source);
  const reply = await fetch(`${source.url}${BACKUP}`, {
    headers: { authorization: `Bearer ${OWNER_TOKEN}` },
  });
  expect(reply.status).toBe(200);
  backup = await reply.text();
});
afterAll(() => source.close());

describe('kept ICS data in JSON backups', () => {
  it('holds each imported event’s UID, SEQUENCE, rule and kept lines, by event uuid', () => {
    const data = JSON.parse(backup) as {
      events: { uuid: string; title: { en?: string } }[];
      ical: Record<string, unknown>[];
    };
    const lecture = data.events.find((event) => event.title.en?.startsWith('Lecture'));
    const organ = data.events.filter((event) => event.title.en === 'Organ recital');
    expect(data.ical).toContainEqual({
      eventUuid: lecture?.uuid,
      uid: 'lecture-2026-12@kulturhaus.example',
      seriesUid: null,
      sequence: 3,
      revisionsSinceImport: expect.any(Number) as number,
      recurrence: [],
      extra: [
        'GEO:51.3397;12.3731',
        'ATTENDEE;CN=Front desk;ROLE=NON-PARTICIPANT:mailto:desk@kulturhaus.example',
        'X-MICROSOFT-CDO-BUSYSTATUS:BUSY',
        'X-KULTURHAUS-ROOM:Saal 2',
      ],
    });
    expect(
      data.ical.find((kept) => kept.eventUuid === lecture?.uuid)?.revisionsSinceImport,
    ).toBeGreaterThan(0);
    expect(data.ical.find((kept) => kept.eventUuid === organ[0]?.uuid)).toMatchObject({
      uid: 'organ@kulturhaus.example',
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'],
      revisionsSinceImport: 0,
    });
    // One line per event, after the records, as the records are.
    expect(backup).toMatch(/\n\],\n"ical":\[\n\{"eventUuid":/);
    expect(backup.endsWith('}\n]\n}\n')).toBe(true);
  });

  it('restores into an empty calendar, which then gives the same ICS files and REST events', async () => {
    const before = await calendarAnswers(source);
    // What the restore has to carry: without it, these lines would not be in the files.
    const file = before[`owner ${ICS_EXPORT}`] ?? '';
    for (const line of [
      'UID:lecture-2026-12@kulturhaus.example',
      'X-KULTURHAUS-ROOM:Saal 2',
      'GEO:51.3397;12.3731',
      'RRULE:FREQ=WEEKLY;COUNT=3',
      'RECURRENCE-ID;TZID=Europe/Berlin:20270121T190000',
    ])
      expect(file).toContain(line);
    expect(file).toMatch(/UID:lecture-2026-12@kulturhaus\.example\r\nSEQUENCE:([4-9]|\d\d)\r\n/);
    expect(before[`anonymous ${FEED}`]).toContain('UID:organ@kulturhaus.example');

    const target = await startTestServer(SETTINGS);
    try {
      const restored = await restoreInto(target, backup);
      expect(restored.status, JSON.stringify(restored.body)).toBe(201);
      expect(await calendarAnswers(target)).toEqual(before);
    } finally {
      await target.close();
    }
  });

  it('restores a backup made before the section, without kept ICS data', async () => {
    const old = fixture('backup/before-ical-section.backup');
    expect(old).not.toContain('"ical"');
    const target = await startTestServer(SETTINGS);
    try {
      const restored = await restoreInto(target, old);
      expect(restored.status, JSON.stringify(restored.body)).toBe(201);
      expect(restored.body).toMatchObject({ counts: { events: 5, venues: 1, categories: 1 } });
      const listed = (await target.api('/events?per_page=50&start_date=2026-01-01')).body as Listed;
      expect(listed.events.map((event) => event.title)).toEqual([
        'Choir rehearsal',
        'Lecture: sound and space',
        'Choir rehearsal (moved)',
        'Winter market',
        'Choir rehearsal',
      ]);
      const file = String((await target.request(ICS_EXPORT, { as: 'owner' })).body);
      expect(file).toContain('UID:be0bb323-3f0c-4f75-a984-d650d5738146@marquee');
      expect(file).not.toContain('X-KULTURHAUS-ROOM');
    } finally {
      await target.close();
    }
  });

  it('refuses a section naming an event the file lacks, or with bad values, and writes nothing', async () => {
    const target = await startTestServer(SETTINGS);
    try {
      const data = JSON.parse(backup) as {
        venues: { uuid: string }[];
        ical: { eventUuid: string }[];
      };
      const refusals: [string, string, RegExp][] = [
        [
          withIcalLine(backup, 0, (kept) => ({
            ...kept,
            eventUuid: '00000000-0000-4000-8000-000000000000',
          })),
          'ical[0].eventUuid',
          /no event with the uuid 00000000-0000-4000-8000-000000000000 in this backup/,
        ],
        [
          withIcalLine(backup, 1, (kept) => ({ ...kept, eventUuid: data.venues[0]?.uuid })),
          'ical[1].eventUuid',
          /no event with the uuid/,
        ],
        [
          withIcalLine(backup, 2, (kept) => ({
            ...kept,
            eventUuid: data.ical[0]?.eventUuid,
          })),
          'ical[2].eventUuid',
          /has ICS data twice/,
        ],
      ];
      for (const [text, where, message] of refusals) {
        const refused = await restoreInto(target, text);
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({
          code: 'marquee_import_invalid',
          data: { status: 400, problems: [{ where }] },
        });
        expect((refused.body as { message: string }).message).toMatch(message);
      }

      const secondLine = (icalLines(backup.split('\n'))[1] ?? 0) + 1;
      const badValues: [(kept: object) => object, string][] = [
        [(kept) => ({ ...kept, sequence: 'three' }), 'ical[1].sequence'],
        [(kept) => ({ ...kept, revisionsSinceImport: -1 }), 'ical[1].revisionsSinceImport'],
        [(kept) => ({ ...kept, recurrence: ['SUMMARY:Choir'] }), 'ical[1].recurrence[0]'],
        [(kept) => ({ ...kept, extra: ['X-A:1\nBEGIN:VALARM'] }), 'ical[1].extra[0]'],
      ];
      for (const [edit, where] of badValues) {
        const refused = await restoreInto(target, withIcalLine(backup, 1, edit));
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({
          code: 'marquee_import_invalid',
          data: { status: 400, problems: [{ where, line: secondLine }] },
        });
      }

      expect(await eventTotal(target)).toBe(0);
      expect(
        ((await target.api('/venues', { as: 'owner' })).body as { total?: number }).total ?? 0,
      ).toBe(0);
      expect(String((await target.request(ICS_EXPORT, { as: 'owner' })).body)).not.toContain(
        'BEGIN:VEVENT',
      );
    } finally {
      await target.close();
    }
  });
});
