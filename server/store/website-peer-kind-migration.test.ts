/**
 * Migration 0020 on a real SQLite file: a calendar connected to its website before it (the
 * peer stored as `tec`) is still connected after it, the same peer read by the website's
 * service, its hub left as it was.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { versionsFrom } from '../../test/support/store-fixtures.ts';
import { openDatabase } from './database.ts';
import { migrate } from './migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { createPeersRepo } from './peers.repo.ts';

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

it('keeps the website connected under its new kind, and the hub as it was', () => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-website-kind-'));
  const db = openDatabase(join(dir, 'marquee.db'));
  migrate(
    db,
    MIGRATIONS.filter((migration) => migration.version < 20),
  );
  const peer = db.prepare(
    `INSERT INTO peers (kind, address, api_root, login, language, created_utc)
     VALUES (?, ?, ?, 'admin', 'en', '2026-11-20 10:00:00') RETURNING id`,
  );
  const site = peer.get('tec', 'https://venue.example', 'https://venue.example/wp-json') as {
    id: number;
  };
  peer.get('hub', 'https://hub.example', 'https://hub.example/wp-json');
  expect(createPeersRepo(db).website()).toBeUndefined();

  expect(migrate(db)).toEqual(versionsFrom(20));
  const peers = createPeersRepo(db);
  expect(peers.website()).toMatchObject({
    id: site.id,
    kind: 'website',
    address: 'https://venue.example',
  });
  expect(peers.hub()).toMatchObject({ kind: 'hub', address: 'https://hub.example' });
  db.close();
});
