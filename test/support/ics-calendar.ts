/**
 * A calendar built from an ICS file for the backup tests: the kept-identity fixture imported,
 * a series in the shape imports made before series were records, and some of it edited since
 * (SEQUENCE counts the revisions since).
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { createIcalRepo } from '#server/store/ical.repo.ts';
import { createEvent } from './events.ts';
import type { TestServer } from './test-server.ts';

const ICS_IMPORT = '/wp-json/marquee/v1/import?format=ics';

type Listed = { events: { id: number; title: string }[] };

/** A file of test/fixtures, as text. */
export const fixture = (path: string) =>
  readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8');

/**
 * A series as Marquee imported it before series were records: an event per occurrence, the
 * first keeping the rule, the others the series' UID. Today's import may no longer write this
 * shape, so it is put beside three events the way that import did.
 */
async function oldShapeSeries(server: TestServer): Promise<number[]> {
  const days = ['07', '14', '21'];
  const ids: number[] = [];
  for (const day of days)
    ids.push(
      (
        await createEvent(server, {
          title: 'Organ recital',
          start_date: `2027-01-${day} 19:00:00`,
          end_date: `2027-01-${day} 20:30:00`,
          timezone: 'Europe/Berlin',
        })
      ).id,
    );
  const ical = createIcalRepo(server.database);
  const uid = 'organ@kulturhaus.example';
  ids.forEach((id, index) => {
    const { rev } = server.database.prepare('SELECT rev FROM posts WHERE id = ?').get(id) as {
      rev: number;
    };
    const first = index === 0;
    ical.put(id, {
      uid: first ? uid : `${uid}/202701${days[index]}T190000`,
      seriesUid: first ? null : uid,
      sequence: 4,
      importedRev: rev,
      recurrence: first ? ['RRULE:FREQ=WEEKLY;COUNT=3'] : [],
      extra: ['X-KULTURHAUS-ROOM:Orgelsaal'],
    });
  });
  return ids;
}

/** A calendar from an ICS file, some of it edited since (SEQUENCE counts the revisions since). */
export async function fill(server: TestServer): Promise<void> {
  const imported = await server.request(ICS_IMPORT, {
    as: 'owner',
    text: fixture('ics/kept-identity.ics'),
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(201);
  const organ = await oldShapeSeries(server);
  const listed = (await server.api('/events?per_page=50&start_date=2026-01-01')).body as Listed;
  const lecture = listed.events.find((event) => event.title.startsWith('Lecture'));
  const edits: [number | undefined, string][] = [
    [lecture?.id, 'Lecture: sound and space (new date soon)'],
    // An occurrence edited alone is written as its own VEVENT, not left to the rule.
    [organ[2], 'Organ recital: guest organist'],
  ];
  for (const [id, title] of edits)
    expect((await server.api(`/events/${id}`, { as: 'owner', json: { title } })).status).toBe(200);
}
