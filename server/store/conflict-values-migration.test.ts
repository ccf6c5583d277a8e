/**
 * Migration 0017 on a real SQLite file: conflicts kept by a calendar from before it (the
 * website's in `marquee`/`site`, the hub's in `here`/`hub`) read as one shape after it, every
 * value kept as it was, a value absent on a side still absent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { versionsFrom } from '../../test/support/store-fixtures.ts';
import { openDatabase } from './database.ts';
import { migrate } from './migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

it('rewrites both peers’ conflicts to mine and theirs', () => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-conflicts-'));
  const db = openDatabase(join(dir, 'marquee.db'));
  migrate(
    db,
    MIGRATIONS.filter((migration) => migration.version < 17),
  );
  const peer = db.prepare(
    `INSERT INTO peers (kind, address, api_root, login, language, created_utc)
     VALUES (?, ?, ?, 'admin', 'en', '2026-11-20 10:00:00') RETURNING id`,
  );
  const site = (
    peer.get('tec', 'https://venue.example', 'https://venue.example/wp-json') as {
      id: number;
    }
  ).id;
  const hub = (
    peer.get('hub', 'https://hub.example', 'https://hub.example/wp-json') as {
      id: number;
    }
  ).id;
  const conflict = db.prepare(
    `INSERT INTO peer_conflicts (peer_id, kind, uuid, fields, created_utc)
     VALUES (?, ?, ?, ?, '2026-11-20 10:00:00')`,
  );
  conflict.run(
    site,
    'event',
    '0b7d3c1e-1111-4c3e-9f0e-6f2a1a3b9c02',
    JSON.stringify({ cost: { marquee: '19', site: '22' }, phone: { marquee: null, site: '' } }),
  );
  conflict.run(
    hub,
    'event',
    '0b7d3c1e-2222-4c3e-9f0e-6f2a1a3b9c02',
    JSON.stringify({
      title: { here: { en: 'Choir', fr: 'Chorale' }, hub: { en: 'Quire' } },
      venueUuid: { hub: null },
    }),
  );

  expect(migrate(db)).toEqual(versionsFrom(17));
  const fields = (
    db.prepare('SELECT fields FROM peer_conflicts ORDER BY id').all() as {
      fields: string;
    }[]
  ).map((row) => JSON.parse(row.fields) as unknown);
  expect(fields).toEqual([
    { cost: { mine: '19', theirs: '22' }, phone: { mine: null, theirs: '' } },
    {
      title: { mine: { en: 'Choir', fr: 'Chorale' }, theirs: { en: 'Quire' } },
      venueUuid: { theirs: null },
    },
  ]);
  db.close();
});
