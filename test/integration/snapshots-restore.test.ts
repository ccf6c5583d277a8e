/**
 * Restoring a snapshot over HTTP (`POST marquee/v1/snapshots/<name>/restore`): the earlier
 * answers come back exactly, after a snapshot of what the restore replaced; the change sequence
 * moves forward (a replica's old checkpoint answers 409, kept answers and ETags change); tokens
 * stay; the database is sound. Older snapshots are migrated first; newer or damaged ones are
 * refused, changing nothing.
 */
import { copyFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { snapshotRestoreAnswerSchema } from '#shared/schemas/snapshot.ts';
import { openDatabase } from '#server/store/database.ts';
import { migrate } from '#server/store/migrate.ts';
import { MIGRATIONS } from '#server/store/migrations/index.ts';
import { at, createEvent } from '../support/events.ts';
import {
  caughtUp,
  change,
  listSnapshots,
  restoreSnapshot,
  snapshotNow,
} from '../support/snapshots.ts';
import { integrityOf } from '../support/storage.ts';
import { pull } from '../support/sync.ts';
import { createTerm } from '../support/terms.ts';
import { serverPerTest, type Caller, type TestServer } from '../support/test-server.ts';
import { createVenue, expectError } from '../support/venues.ts';

const ANY_STATUS = 'status=publish,draft,pending,private,future';

const started = serverPerTest();

/** What clients see, as text (the server's own address taken out). */
async function answers(on: TestServer, eventIds: number[]): Promise<Record<string, string>> {
  const asked: [string, Caller][] = [
    [`/events?${ANY_STATUS}&per_page=50&start_date=2026-01-01`, 'owner'],
    ['/events?per_page=50&start_date=2026-01-01', 'anonymous'],
    ['/events?search=Night', 'anonymous'],
    ...eventIds.map((id) => [`/events/${id}`, 'owner'] as [string, Caller]),
    ['/venues?per_page=50', 'owner'],
    ['/categories?hide_empty=false', 'anonymous'],
    ['/tags', 'anonymous'],
  ];
  const texts: Record<string, string> = {};
  for (const [path, as] of asked) {
    const reply = await on.api(path, { as });
    texts[`${as} ${path}`] =
      `${reply.status} ${JSON.stringify(reply.body).replaceAll(on.url, 'ORIGIN')}`;
  }
  return texts;
}

describe('restoring a snapshot', () => {
  /** A calendar with a bit of everything: venue, terms, languages, a draft. */
  async function fill(on: TestServer): Promise<number[]> {
    const hall = await createVenue(on, { venue: 'Konzerthaus', city: 'Berlin' });
    const jazz = await createTerm(on, 'categories', { name: 'Jazz' });
    const late = await createTerm(on, 'tags', { name: 'late' });
    const concert = await createEvent(on, {
      title: 'Night concert',
      start_date: at(3, 9),
      end_date: at(3, 11),
      venue: hall.id,
      categories: [jazz.id],
      tags: [late.id],
      cost: '12',
    });
    await on.api(`/events/${concert.id}?lang=de`, {
      as: 'owner',
      json: { title: 'Nachtkonzert' },
    });
    const draft = await createEvent(on, {
      title: 'Planned fair',
      start_date: at(10),
      end_date: at(11),
      status: 'draft',
    });
    return [concert.id, draft.id];
  }

  it('gives the earlier answers back, after a snapshot of what it replaced', async () => {
    const on = await started();
    const ids = await fill(on);
    const earlier = await answers(on, ids);
    const snapshot = await snapshotNow(on);
    const replica = await pull(on);

    // Then the calendar changes: a title, a deletion, a new event, a new tag, a token.
    on.clock.advance(60_000);
    const [concert, draft] = ids as [number, number];
    await on.api(`/events/${concert}`, { as: 'owner', json: { title: 'Renamed', tags: ['new'] } });
    await on.api(`/events/${draft}?force=true`, { as: 'owner', method: 'DELETE' });
    const later = await change(on, 'Made later');
    const token = await on.request('/wp-json/marquee/v1/tokens', {
      as: 'owner',
      json: { name: 'Site build', role: 'editor' },
    });
    const changed = await answers(on, ids);
    expect(changed).not.toEqual(earlier);
    const since = await pull(on, replica.checkpoint);
    const { checkpoint } = since;
    const laterUuid = since.records.event.find((event) => event.title.en === 'Made later')?.uuid;
    expect(laterUuid).toBeDefined();

    on.clock.advance(60_000);
    const reply = await restoreSnapshot(on, snapshot.name);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const { restored, before } = snapshotRestoreAnswerSchema.parse(reply.body);
    expect(restored.name).toBe(snapshot.name);
    expect(before).toMatchObject({
      name: 'marquee-2026-11-20T100200Z-before-restore.db',
      reason: 'before-restore',
      // The concert and the event made later; the draft was deleted.
      events: 2,
    });

    expect(await answers(on, ids)).toEqual(earlier);
    expect((await on.api(`/events/${later.id}`, { as: 'owner' })).status).toBe(404);
    // Access tokens are not part of the calendar: the one made after the snapshot still works.
    const secret = (token.body as { token: string }).token;
    const withToken = await on.api('/events', {
      json: { title: 'By the build', start_date: at(2), end_date: at(2, 1) },
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(withToken.status).toBe(201);

    // The sequence moved forward: a replica's checkpoint from before is refused, a new pull
    // from 0 brings the restored calendar (and what came after), past every earlier checkpoint.
    const stale = await on.request(`/wp-json/marquee/v1/sync/pull?since=${checkpoint}`, {
      as: 'editor',
    });
    expectError(stale, 409, 'marquee_sync_reset');
    const fresh = await pull(on);
    expect(Number(fresh.checkpoint)).toBeGreaterThan(Number(checkpoint));
    expect(fresh.records.event.map((event) => event.title.en).sort()).toEqual(
      ['By the build', 'Night concert', 'Planned fair'].sort(),
    );
    // The event made after the snapshot is gone, and replicas are told so.
    expect(fresh.tombstones.map((tombstone) => tombstone.uuid)).toContain(laterUuid);
    expect(integrityOf(on.dataDir).integrity).toEqual(['ok']);

    // The snapshot made before it holds what was replaced: restoring it undoes the restore.
    expect((await restoreSnapshot(on, before.name)).status).toBe(200);
    expect((await on.api(`/events/${later.id}`, { as: 'owner' })).status).toBe(200);
    expect((await on.api(`/events/${concert}`, { as: 'owner' })).body).toMatchObject({
      title: 'Renamed',
    });
  });

  it('serves visitors the restored calendar at once, not a kept answer', async () => {
    const on = await started();
    await change(on, 'Kept');
    const snapshot = await snapshotNow(on);
    await change(on, 'Added');
    const cached = await on.api('/events?start_date=2026-01-01');
    expect((cached.body as { total: number }).total).toBe(2);
    const etag = cached.headers.get('etag') ?? '';
    expect((await restoreSnapshot(on, snapshot.name)).status).toBe(200);
    const fresh = await on.api('/events?start_date=2026-01-01', {
      headers: { 'if-none-match': etag },
    });
    expect(fresh.status).toBe(200);
    expect((fresh.body as { total: number }).total).toBe(1);
  });

  it('migrates a snapshot from an older Marquee first, and leaves the file as it was', async () => {
    const on = await started();
    await caughtUp(on); // the daily one made the folder (copied aside: waited for)
    const name = 'marquee-2026-11-19T100000Z-manual.db';
    const file = join(on.dataDir, 'backups', name);
    // A calendar as version 5 wrote it: before 0006, trashed posts kept their slugs.
    const old = openDatabase(file);
    migrate(
      old,
      MIGRATIONS.filter((migration) => migration.version <= 5),
    );
    old.exec(`
      UPDATE change_counter SET seq = 40;
      INSERT INTO posts (id, uuid, kind, status, author, date_utc, created_utc, modified_utc, rev)
        VALUES (7, '8a4b52a4-6d7c-4c1e-9d55-000000000007', 'event', 'trash', 1,
          '2026-01-01 00:00:00', '2026-01-01 00:00:00', '2026-01-01 00:00:00', 40);
      INSERT INTO events (post_id, start_local, end_local, timezone, start_utc, end_utc, status)
        VALUES (7, '2026-02-01 20:00:00', '2026-02-01 22:00:00', 'UTC', '2026-02-01 20:00:00',
          '2026-02-01 22:00:00', 'trash');
      INSERT INTO post_texts (post_id, kind, language, title, slug)
        VALUES (7, 'event', 'en', 'Old party', 'old-party');
      PRAGMA journal_mode = DELETE;
    `);
    old.close();
    expect((await listSnapshots(on)).find((snapshot) => snapshot.name === name)?.events).toBe(0);

    const reply = await restoreSnapshot(on, name);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const trashed = await on.api('/events?status=trash&start_date=2026-01-01', { as: 'owner' });
    expect((trashed.body as { events: { slug: string }[] }).events.map((e) => e.slug)).toEqual([
      'old-party__trashed',
    ]);
    // Past the snapshot's own sequence too.
    expect(Number((await pull(on)).checkpoint)).toBeGreaterThan(40);
    const kept = new DatabaseSync(file, { readOnly: true });
    expect(kept.prepare('SELECT MAX(version) AS v FROM schema_migrations').get()).toEqual({ v: 5 });
    kept.close();
    expect(readdirSync(join(on.dataDir, 'backups')).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('keeps no before-restore snapshot when the restore itself fails', async () => {
    const on = await started();
    await change(on, 'Kept');
    const made = await snapshotNow(on);
    await change(on, 'Added');
    on.clock.advance(60_000);
    // A snapshot SQLite finds sound, whose tables only the restore itself finds different.
    const folder = join(on.dataDir, 'backups');
    const odd = 'marquee-2026-11-19T100000Z-manual.db';
    copyFileSync(join(folder, made.name), join(folder, odd));
    const db = new DatabaseSync(join(folder, odd));
    db.exec('ALTER TABLE venues ADD COLUMN extra TEXT');
    db.close();
    expectError(await restoreSnapshot(on, odd), 400, 'marquee_snapshot_invalid');
    const reasons = async () => (await listSnapshots(on)).map((snapshot) => snapshot.reason);
    expect(await reasons()).not.toContain('before-restore');
    expect((await on.api('/events?start_date=2026-01-01')).body).toMatchObject({ total: 2 });

    expect((await restoreSnapshot(on, made.name)).status).toBe(200);
    expect(await reasons()).toContain('before-restore');
    expect((await on.api('/events?start_date=2026-01-01')).body).toMatchObject({ total: 1 });
  });

  it('refuses a snapshot from a newer Marquee, and a damaged one, changing nothing', async () => {
    const on = await started();
    await change(on, 'Stays');
    const made = await snapshotNow(on);
    const folder = join(on.dataDir, 'backups');
    const newer = 'marquee-2026-11-19T100000Z-manual.db';
    copyFileSync(join(folder, made.name), join(folder, newer));
    const db = new DatabaseSync(join(folder, newer));
    db.exec(
      `INSERT INTO schema_migrations VALUES (${MIGRATIONS.length + 1}, 'future', '2030-01-01')`,
    );
    db.close();
    expectError(await restoreSnapshot(on, newer), 400, 'marquee_snapshot_too_new');

    const damaged = 'marquee-2026-11-18T100000Z-manual.db';
    writeFileSync(join(folder, damaged), 'not a database');
    expect(
      (await listSnapshots(on)).find((snapshot) => snapshot.name === damaged)?.events,
    ).toBeNull();
    expectError(await restoreSnapshot(on, damaged), 400, 'marquee_snapshot_invalid');

    // Nothing was restored, and no snapshot was made for a restore that did not happen.
    expect((await listSnapshots(on)).map((snapshot) => snapshot.reason)).not.toContain(
      'before-restore',
    );
    expect((await on.api('/events?start_date=2026-01-01')).body).toMatchObject({ total: 1 });
  });
});
