/**
 * JSON backups through HTTP and the command line: a calendar with every kind of record, several
 * languages, drafts, private and trashed records and gaps in its ids, backed up and restored
 * into an empty calendar, answers every API request exactly as before. A bad file writes
 * nothing and says which line is wrong.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_LANGUAGE_SPAN } from '#server/store/migrations/0012-search-by-language.ts';
import { runCli, serveCli } from '../support/cli-process.ts';
import { at, createEvent } from '../support/events.ts';
import { createTerm } from '../support/terms.ts';
import {
  OWNER_TOKEN,
  startTestServer,
  type Caller,
  type TestServer,
} from '../support/test-server.ts';
import { createVenue } from '../support/venues.ts';

const EXPORT = '/wp-json/marquee/v1/export?format=json';
const IMPORT = '/wp-json/marquee/v1/import?format=json';
const ANY_STATUS = 'status=publish,draft,pending,private,future';

let source: TestServer;
let backup: string;
let eventIds: number[];

/** A calendar with a bit of everything a restore could get wrong. */
async function fill(server: TestServer): Promise<number[]> {
  const gone = await createVenue(server, { venue: 'Gone hall' });
  expect(
    (await server.api(`/venues/${gone.id}?force=true`, { as: 'owner', method: 'DELETE' })).status,
  ).toBe(200);
  const hall = await createVenue(server, {
    venue: 'Konzerthaus',
    city: 'Berlin',
    phone: '+49 30 1',
  });
  await server.api(`/venues/${hall.id}?lang=de`, {
    as: 'owner',
    json: { venue: 'Konzerthaus am Markt' },
  });
  const organizer = await server.api('/organizers', {
    as: 'owner',
    json: { organizer: 'Jazz Society', email: 'a@b.example' },
  });
  const bebop = await createTerm(server, 'categories', { name: 'Bebop' });
  const jazz = await createTerm(server, 'categories', { name: 'Jazz' });
  await server.api(`/categories/${bebop.id}`, { as: 'owner', json: { parent: jazz.id } });
  const tag = await createTerm(server, 'tags', { name: 'late' });
  const concert = await createEvent(server, {
    title: 'Night concert',
    description: '<p>Hard <strong>bop</strong></p>',
    start_date: at(3, 9),
    end_date: at(3, 11),
    venue: hall.id,
    organizer: [(organizer.body as { id: number }).id],
    categories: [bebop.id],
    tags: [tag.id],
    featured: true,
    cost: '12',
  });
  await server.api(`/events/${concert.id}?lang=de`, {
    as: 'owner',
    json: { title: 'Nachtkonzert' },
  });
  const draft = await createEvent(server, {
    title: 'Planned fair',
    start_date: at(10),
    end_date: at(11),
    all_day: true,
    status: 'draft',
  });
  const secret = await createEvent(server, {
    title: 'Board meeting',
    start_date: at(4),
    end_date: at(4, 1),
    status: 'private',
    password: 'pw',
  });
  const trashed = await createEvent(server, {
    title: 'Cancelled',
    start_date: at(5),
    end_date: at(5, 1),
  });
  expect(
    (await server.api(`/events/${trashed.id}`, { as: 'owner', method: 'DELETE' })).status,
  ).toBe(200);
  return [concert.id, draft.id, secret.id, trashed.id];
}

async function eventCount(server: TestServer): Promise<number> {
  const reply = await server.api(`/events?${ANY_STATUS}&start_date=2000-01-01`, { as: 'owner' });
  return (reply.body as { total?: number }).total ?? 0;
}

/** Everything a client could ask, as text with the server's own address (and global_id host) taken out. */
async function answers(server: TestServer): Promise<Record<string, string>> {
  const asked: [string, Caller][] = [
    [`/events?${ANY_STATUS}&per_page=50&start_date=2026-01-01`, 'owner'],
    [`/events?${ANY_STATUS}&per_page=50&start_date=2026-01-01&lang=de`, 'owner'],
    ['/events?per_page=50&start_date=2026-01-01', 'anonymous'],
    ...eventIds.map((id) => [`/events/${id}`, 'owner'] as [string, Caller]),
    ['/venues?per_page=50', 'owner'],
    ['/venues?per_page=50&lang=de', 'anonymous'],
    ['/organizers?per_page=50', 'owner'],
    ['/categories?hide_empty=false', 'anonymous'],
    ['/tags?hide_empty=false', 'anonymous'],
  ];
  const texts: Record<string, string> = {};
  for (const [path, as] of asked) {
    const reply = await server.api(path, { as });
    texts[`${as} ${path}`] =
      `${reply.status} ${JSON.stringify(reply.body).replaceAll(server.url, 'ORIGIN').replaceAll(new URL(server.url).host, 'HOST')}`;
  }
  return texts;
}

beforeAll(async () => {
  source = await startTestServer();
  eventIds = await fill(source);
  // Fetched as it is sent (request() would parse it): the text is what a restore reads.
  const reply = await fetch(`${source.url}${EXPORT}`, {
    headers: { authorization: `Bearer ${OWNER_TOKEN}` },
  });
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-disposition')).toMatch(
    /attachment; filename="marquee-backup-2026-11-20\.json"/,
  );
  backup = await reply.text();
});
afterAll(() => source.close());

describe('JSON backup', () => {
  it('holds every record, every language and the trash, one record per line', () => {
    const data = JSON.parse(backup) as Record<
      string,
      { title?: Record<string, string>; status?: string }[]
    >;
    expect(data.events?.map((event) => event.title?.en)).toEqual([
      'Night concert',
      'Planned fair',
      'Board meeting',
      'Cancelled',
    ]);
    expect(data.events?.[0]?.title).toEqual({ en: 'Night concert', de: 'Nachtkonzert' });
    expect(data.events?.[3]?.status).toBe('trash');
    expect(data.venues).toHaveLength(1);
    expect(backup.split('\n').filter((line) => line.startsWith('{"id":')).length).toBe(
      5 + 4 + 1 + 1 + 2 + 1, // users and records
    );
  });

  it('restores into an empty calendar, which then answers exactly as the original', async () => {
    const target = await startTestServer();
    try {
      const preview = await target.request(`${IMPORT}&dryRun=true`, { as: 'owner', text: backup });
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({
        dryRun: true,
        counts: { events: 4, venues: 1, organizers: 1, categories: 2, tags: 1 },
        createdNames: {
          venues: ['Konzerthaus'],
          organizers: ['Jazz Society'],
          categories: ['Bebop', 'Jazz'],
          tags: ['late'],
        },
      });
      const inGerman = await target.request(`${IMPORT}&dryRun=true&lang=de`, {
        as: 'owner',
        text: backup,
      });
      expect(inGerman.body).toMatchObject({ createdNames: { venues: ['Konzerthaus am Markt'] } });
      expect(await eventCount(target)).toBe(0);

      const restored = await target.request(IMPORT, { as: 'owner', text: backup });
      expect(restored.status).toBe(201);
      expect(await answers(target)).toEqual(await answers(source));

      const again = await target.request(IMPORT, { as: 'owner', text: backup });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        code: 'marquee_restore_not_empty',
        data: { status: 409 },
      });
    } finally {
      await target.close();
    }
  });

  it('refuses a bad file whole, naming the line and the reason', async () => {
    const target = await startTestServer();
    try {
      const lines = backup.split('\n');
      const at = lines.findIndex((line) => line.includes('"Planned fair"'));
      lines[at] = lines[at]!.replace(/"start":"[^"]+"/, '"start":"tomorrow-ish"');
      const broken = await target.request(IMPORT, { as: 'owner', text: lines.join('\n') });
      expect(broken.status).toBe(400);
      expect(broken.body).toMatchObject({
        code: 'marquee_import_invalid',
        data: { status: 400, problems: [{ line: at + 1, where: 'events[1].start' }] },
      });

      const cut = await target.request(IMPORT, {
        as: 'owner',
        text: backup.slice(0, backup.length / 2),
      });
      expect(cut.body).toMatchObject({
        code: 'marquee_import_invalid',
        data: { problems: [{ where: 'file' }] },
      });
      expect((cut.body as { message: string }).message).toMatch(/not JSON/);

      const dangling = backup.replace(
        /"venueUuid":"[^"]+"/,
        '"venueUuid":"00000000-0000-4000-8000-000000000000"',
      );
      const refused = await target.request(IMPORT, { as: 'owner', text: dangling });
      expect((refused.body as { message: string }).message).toMatch(
        /events\[0\]\.venueUuid: no venue with the uuid/,
      );

      // An author the file does not hold: only the database's foreign key notices, at commit.
      const strayAuthor = backup
        .split('\n')
        .map((line) =>
          line.includes('"Planned fair"') ? line.replace('"author":1,', '"author":999,') : line,
        )
        .join('\n');
      expect(strayAuthor).not.toBe(backup);
      const constrained = await target.request(IMPORT, { as: 'owner', text: strayAuthor });
      expect(constrained.status).toBe(400);
      expect(constrained.body).toMatchObject({ code: 'marquee_import_invalid' });

      expect(await eventCount(target)).toBe(0);
      expect(
        ((await target.api('/venues', { as: 'owner' })).body as { total?: number }).total ?? 0,
      ).toBe(0);
    } finally {
      await target.close();
    }
  });

  it('is for admins only', async () => {
    expect((await source.request(EXPORT)).status).toBe(401);
    expect((await source.request(EXPORT, { as: 'editor' })).status).toBe(403);
    expect((await source.request(IMPORT, { as: 'editor', text: backup })).status).toBe(403);
  });
});

describe('marquee backup / restore', () => {
  it('backs up beside a running server and restores into a new calendar, not over one', async () => {
    const work = mkdtempSync(join(tmpdir(), 'marquee-backup-cli-'));
    try {
      const file = join(work, 'calendar.json');
      const made = await runCli(['backup', '-o', file, '--data', source.dataDir]);
      expect(made.code, made.stderr).toBe(0);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
        format: 'marquee-backup',
        version: 1,
      });

      const fresh = join(work, 'fresh');
      const dry = await runCli(['restore', file, '--dry-run', '--data', fresh]);
      expect(dry.stdout).toMatch(/Would restore .*4 events/);
      const done = await runCli(['restore', file, '--data', fresh]);
      expect(done.code, done.stderr).toBe(0);
      expect(done.stdout).toMatch(/Restored .*1 venues.*4 events/);
      // The command indexed the restored texts for search before it exited.
      const restored = new DatabaseSync(join(fresh, 'marquee.db'), { readOnly: true });
      try {
        expect(restored.prepare('SELECT COUNT(*) AS n FROM event_search_backlog').get()).toEqual({
          n: 0,
        });
        expect(
          restored
            .prepare(
              `SELECT COUNT(DISTINCT rowid % ${SEARCH_LANGUAGE_SPAN}) AS n FROM event_search`,
            )
            .get(),
        ).toEqual({ n: 4 });
      } finally {
        restored.close();
      }
      const twice = await runCli(['restore', file, '--data', fresh]);
      expect(twice.code).toBe(1);
      expect(twice.stderr).toMatch(/only be restored into an empty calendar/);

      writeFileSync(join(work, 'bad.json'), '{"format":"something else"}');
      const bad = await runCli(['restore', join(work, 'bad.json'), '--data', join(work, 'other')]);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/not a Marquee backup/);

      const running = await serveCli(['--data', fresh]);
      try {
        const busy = await runCli(['restore', file, '--data', fresh]);
        expect(busy.code).toBe(1);
        expect(busy.stderr).toMatch(/in use/);
      } finally {
        running.process.kill('SIGINT');
        await running.exit;
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
