/**
 * Texts stored before WordPress's rule of who may write HTML: a calendar upgraded from version
 * 14 holds an author's `<script>`, handlers and `javascript:` links as they were written. The
 * upgrade cleans them by the author's role (a revoked contributor's too), in every language and
 * status, as a new revision replicas pull; an editor's markup stays, and a second start changes
 * nothing. A snapshot from before the rule, restored, is cleaned the same way.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/store/database.ts';
import { pull, push } from '../support/sync.ts';
import { restoreSnapshot } from '../support/snapshots.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const XSS = 'XSS <img src=x onerror=alert(1)><script>alert(2)</script>';
const LINK = '<a href="javascript:alert(3)" onclick="alert(4)">more</a> <em>kept</em>';
/** What wp_kses_post leaves of `${XSS} ${LINK}` (measured on WordPress: html-rule-doors). */
const CLEANED = 'XSS <img src="x" />alert(2) <a>more</a> <em>kept</em>';
const OLD_SNAPSHOT = 'marquee-2026-11-19T100000Z-manual.db';

type Json = Record<string, unknown>;

/** Whether a text holds markup that would run in a page. */
const runs = (html: string) => /<script|\son\w+\s*=|javascript:|<iframe/i.test(html);

const uuids = {
  venue: randomUUID(),
  organizer: randomUUID(),
  published: randomUUID(),
  draft: randomUUID(),
  trashed: randomUUID(),
  contributors: randomUUID(),
  editors: randomUUID(),
};

const event = (uuid: string, status: string) => ({
  kind: 'event',
  op: 'create',
  uuid,
  baseRev: 0,
  fields: {
    title: { en: `Show ${XSS}`, de: `Schau ${XSS}` },
    description: { en: `${XSS} ${LINK}`, de: `${XSS} ${LINK}` },
    excerpt: { en: `${XSS} ${LINK}` },
    start: '2026-12-01 20:00:00',
    end: '2026-12-01 22:00:00',
    status,
    venueUuid: uuids.venue,
    organizerUuids: [uuids.organizer],
  },
});

let dataDir: string;
let server: TestServer;
/** The change sequence of the calendar as version 14 left it. */
let before: number;

/**
 * A calendar as version 14 stored it: records written with markup (by the owner, here) whose
 * author is then set to an author, a revoked contributor or an editor, and migration 0015 not
 * applied (what later migrations added is taken out again). The same file, copied, is a
 * snapshot from before the rule.
 */
async function olderCalendar(): Promise<void> {
  dataDir = mkdtempSync(join(tmpdir(), 'marquee-html-upgrade-'));
  const writer = await startTestServer({ dataDir });
  await push(
    writer,
    'old-laptop',
    [
      {
        kind: 'venue',
        op: 'create',
        uuid: uuids.venue,
        baseRev: 0,
        fields: { name: { en: `Hall ${XSS}` }, description: { en: `${XSS} ${LINK}` } },
      },
      {
        kind: 'organizer',
        op: 'create',
        uuid: uuids.organizer,
        baseRev: 0,
        fields: { name: { en: `Org ${XSS}` }, description: { fr: `${XSS} ${LINK}` } },
      },
      event(uuids.published, 'publish'),
      event(uuids.draft, 'draft'),
      event(uuids.trashed, 'publish'),
      event(uuids.contributors, 'publish'),
      event(uuids.editors, 'publish'),
    ].map((mutation, index) => ({ ...mutation, mutationId: index + 1 })),
    'owner',
  );
  const trashedId = ((await pull(writer)).records.event as Json[]).find(
    (record) => record.uuid === uuids.trashed,
  )!.id;
  const trash = await writer.api(`/events/${String(trashedId)}`, {
    as: 'owner',
    method: 'DELETE',
  });
  expect(trash.status).toBe(200);
  await writer.close(true);

  const db = openDatabase(join(dataDir, 'marquee.db'));
  const userOf = (name: string) =>
    (db.prepare('SELECT id FROM users WHERE name = ?').get(name) as { id: number }).id;
  const setAuthor = (author: number, list: string[]) =>
    db
      .prepare('UPDATE posts SET author = ? WHERE uuid IN (SELECT value FROM json_each(?))')
      .run(author, JSON.stringify(list));
  setAuthor(userOf('author token'), [
    uuids.venue,
    uuids.organizer,
    uuids.published,
    uuids.draft,
    uuids.trashed,
  ]);
  setAuthor(userOf('contributor token'), [uuids.contributors]);
  setAuthor(userOf('editor token'), [uuids.editors]);
  db.exec(`
    UPDATE users SET revoked_utc = '2026-11-01 00:00:00' WHERE name = 'contributor token';
    DROP TABLE IF EXISTS html_rule_backlog;
    DROP INDEX IF EXISTS posts_kind_status_modified;
    DROP TABLE IF EXISTS caldav_alarms;
    DROP INDEX IF EXISTS events_bookings;
    DROP INDEX IF EXISTS events_booking_times;
    ALTER TABLE venues DROP COLUMN buffer_before;
    ALTER TABLE venues DROP COLUMN buffer_after;
    ALTER TABLE venues DROP COLUMN booking;
    DELETE FROM schema_migrations WHERE version >= 15;
  `);
  before = (db.prepare('SELECT seq FROM change_counter').get() as { seq: number }).seq;
  mkdirSync(join(dataDir, 'backups'), { recursive: true });
  db.exec(`VACUUM INTO '${join(dataDir, 'backups', OLD_SNAPSHOT)}'`);
  db.close();
}

beforeAll(async () => {
  await olderCalendar();
  server = await startTestServer({ dataDir });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The records pulled since `since`, by uuid. */
async function pulledSince(since: number) {
  const pulled = await pull(server, String(since));
  const records = Object.values(pulled.records).flat() as Json[];
  return {
    checkpoint: Number(pulled.checkpoint),
    byUuid: new Map(records.map((r) => [r.uuid, r])),
  };
}

/** The event's public answer (TEC's), by uuid. */
async function publicEvent(uuid: string): Promise<Json> {
  const id = (await pulledSince(0)).byUuid.get(uuid)!.id;
  const reply = await server.api(`/events/${String(id)}`);
  expect(reply.status).toBe(200);
  return reply.body as Json;
}

describe('an upgrade from before the HTML rule', () => {
  it('serves website builds none of the markup an author stored before', async () => {
    const shown = await publicEvent(uuids.published);
    for (const text of [
      shown.title,
      shown.description,
      shown.excerpt,
      (shown.venue as Json).venue,
      (shown.venue as Json).description,
      ...(shown.organizer as Json[]).map((organizer) => organizer.organizer),
    ])
      expect(runs(String(text)), String(text)).toBe(false);
    const feed = await server.request('/wp-json/marquee/v1/ical');
    expect(feed.status).toBe(200);
    // The editor's event keeps its markup (unfiltered_html): the others are the author's.
    const authors = String(feed.body)
      .split('BEGIN:VEVENT')
      .slice(1)
      .filter((entry) => !entry.includes(uuids.editors));
    expect(authors).toHaveLength(2);
    for (const entry of authors) {
      expect(entry).toContain('Show XSS alert(2)');
      expect(runs(entry), entry).toBe(false);
    }
  });

  it('cleans by the author’s role in every language and status, as a revision replicas pull', async () => {
    const { checkpoint, byUuid } = await pulledSince(before);
    expect(checkpoint).toBeGreaterThan(before);
    expect([...byUuid.keys()].sort()).toEqual(
      [
        uuids.venue,
        uuids.organizer,
        uuids.published,
        uuids.draft,
        uuids.trashed,
        uuids.contributors,
      ].sort(),
    );
    for (const uuid of [uuids.published, uuids.draft, uuids.trashed, uuids.contributors]) {
      const record = byUuid.get(uuid)!;
      expect(record.title).toEqual({ en: 'Show XSS alert(2)', de: 'Schau XSS alert(2)' });
      expect(record.description).toEqual({ en: CLEANED, de: CLEANED });
      expect(record.excerpt).toEqual({ en: CLEANED });
    }
    expect(byUuid.get(uuids.draft)!.status).toBe('draft');
    expect(byUuid.get(uuids.trashed)!.status).toBe('trash');
    expect(byUuid.get(uuids.venue)).toMatchObject({
      name: { en: 'Hall XSS alert(2)' },
      description: { en: CLEANED },
    });
    expect(byUuid.get(uuids.organizer)).toMatchObject({
      name: { en: 'Org XSS alert(2)' },
      description: { fr: CLEANED },
    });
  });

  it('leaves an editor’s markup and revision as they were', async () => {
    const editors = (await pulledSince(0)).byUuid.get(uuids.editors)!;
    expect(editors.rev).toBeLessThanOrEqual(before);
    expect(editors.description).toEqual({ en: `${XSS} ${LINK}`, de: `${XSS} ${LINK}` });
    expect(editors.title).toEqual({ en: `Show ${XSS}`, de: `Schau ${XSS}` });
  });

  it('changes nothing at the next start', async () => {
    const { checkpoint } = await pulledSince(before);
    await server.close(true);
    server = await startTestServer({ dataDir });
    const again = await pulledSince(checkpoint);
    expect(again.checkpoint).toBe(checkpoint);
    expect(again.byUuid.size).toBe(0);
  });

  it('cleans a snapshot from before the rule as it restores it', async () => {
    const reply = await restoreSnapshot(server, OLD_SNAPSHOT);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const shown = await publicEvent(uuids.published);
    for (const text of [shown.description, (shown.venue as Json).description])
      expect(runs(String(text)), String(text)).toBe(false);
    const editors = (await pulledSince(0)).byUuid.get(uuids.editors)!;
    expect(editors.description).toEqual({ en: `${XSS} ${LINK}`, de: `${XSS} ${LINK}` });
  });
});
