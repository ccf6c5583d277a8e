/**
 * Property test (fast-check): random calendars backed up as JSON and restored through the real
 * server over HTTP. A backup carries every field of every record (every language, ids, uuids,
 * statuses, the trash, series and their exceptions, colours, passwords, dates, what ICS imports
 * kept), so:
 *
 * - restored into an empty calendar, the calendar's own backup is the same, but for each
 *   record's revision (a restore is one new revision of its calendar, so replicas pull it);
 *   its preview counts and names what it will create;
 * - restored into the same calendar, it is refused (a backup only restores into an
 *   empty one) and nothing changes.
 */
import fc from 'fast-check';
import { afterEach, expect, it } from 'vitest';
import type { Backup } from '#shared/schemas/backup.ts';
import { pickTranslation } from '#shared/schemas/multilingual.ts';
import { editCalendar, editsArb } from '../support/calendar-edits.ts';
import { calendarArb, writeCalendar } from '../support/random-calendar.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const RESTORE = '/wp-json/marquee/v1/import?format=json';

let servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function started(): Promise<TestServer> {
  const server = await startTestServer();
  servers.push(server);
  return server;
}

async function backupOf(server: TestServer): Promise<string> {
  const reply = await server.request('/wp-json/marquee/v1/export?format=json', { as: 'owner' });
  expect(reply.status).toBe(200);
  return JSON.stringify(reply.body);
}

/**
 * A backup without its records' revisions, which a restore gives anew, and without when its
 * users were made: each test server makes its own token users as it starts (a restore names
 * and ranks users that are there, it does not make them again).
 */
function withoutRevisions(text: string): unknown {
  const backup = JSON.parse(text, (key, value: unknown) =>
    key === 'rev' ? undefined : value,
  ) as Backup;
  return { ...backup, users: backup.users.map(({ created: _, ...user }) => user) };
}

/** The names a restore's preview gives: the first 50 of each kind, in the request's language. */
function namesIn(backup: Backup) {
  const name = (record: { name: Record<string, string> }) =>
    pickTranslation(record.name, 'en', backup.settings.defaultLanguage)?.value;
  const first = (records: { id: number; name: Record<string, string> }[]) =>
    [...records]
      .sort((a, b) => a.id - b.id)
      .slice(0, 50)
      .map(name);
  return {
    venues: first(backup.venues),
    organizers: first(backup.organizers),
    categories: first(backup.categories),
    tags: first(backup.tags),
  };
}

it('restores every field into an empty calendar, and changes nothing in the same one', async () => {
  await fc.assert(
    fc.asyncProperty(
      calendarArb({ statuses: ['publish', 'draft', 'pending', 'private'], full: true }),
      editsArb,
      async (records, edits) => {
        const source = await started();
        await writeCalendar(source, records);
        await editCalendar(source, edits);
        const backup = await backupOf(source);
        const parsed = JSON.parse(backup) as Backup;

        const empty = await started();
        const preview = await empty.request(`${RESTORE}&dryRun=true`, {
          as: 'owner',
          text: backup,
        });
        expect(preview.status, JSON.stringify(preview.body)).toBe(200);
        expect(preview.body).toMatchObject({
          counts: { events: parsed.events.length, venues: parsed.venues.length },
          createdNames: namesIn(parsed),
        });
        const restored = await empty.request(RESTORE, { as: 'owner', text: backup });
        expect(restored.status, JSON.stringify(restored.body)).toBe(201);
        expect(withoutRevisions(await backupOf(empty))).toEqual(withoutRevisions(backup));

        const again = await source.request(RESTORE, { as: 'owner', text: backup });
        expect(again.body).toMatchObject({ code: 'marquee_restore_not_empty' });
        expect(await backupOf(source)).toBe(backup);
        await Promise.all(servers.map((server) => server.close()));
        servers = [];
      },
    ),
    { numRuns: 25, endOnFailure: true },
  );
}, 120_000);
